import { readFileSync } from 'node:fs';
import { apply, planSetTime, type Score, scoreInfo } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { importMusicXml } from './import-musicxml.ts';
import { museScoreNotes, museScoreXml } from './musescore.test-support.ts';

const CHORALE = new URL('../test/fixtures/cases/chorale-phrase.musicxml', import.meta.url);

function imported(text: string): Score {
  const result = importMusicXml(text);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

describe("MuseScore's engine after a re-barring (set_time_signature with rebar)", () => {
  it('opens the export with the measures and time signatures the model has, and plays the same notes at the same times', async () => {
    const text = readFileSync(CHORALE, 'utf8');
    const score = imported(text);
    const before = await museScoreNotes(exportMusicXml(score));
    expect(before.loaded).toBe(true);
    const planned = planSetTime(score, {
      measure: 1,
      time: { beats: 3, beatType: 4 },
      rebar: true,
      allowMeasureCountChange: true,
    });
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    expect(apply(score, planned.plan).ok).toBe(true);
    const model = scoreInfo(score);
    expect(model.times[0]).toMatchObject({ beats: 3, beatType: 4 });

    const exported = exportMusicXml(score);
    const read = await museScoreXml(exported);
    expect(read.error).toBeUndefined();
    const seen = scoreInfo(imported(read.xml!));
    expect(seen.measureCount).toBe(model.measureCount);
    expect(seen.times).toEqual(model.times);
    expect(seen.parts.map((part) => part.name)).toEqual(model.parts.map((part) => part.name));

    // Re-barring moves bar lines, not notes: MuseScore hears each note at the same time, as long.
    const after = await museScoreNotes(exported);
    expect(after.loaded).toBe(true);
    expect(after.notes).toEqual(before.notes);
  });
});
