import { apply, planSetBarline, type Score, scoreContent } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { caseText } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { museScoreXml } from './musescore.test-support.ts';

function imported(text: string): Score {
  const result = importMusicXml(text);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

function setBarline(score: Score, request: Parameters<typeof planSetBarline>[1]): void {
  const planned = planSetBarline(score, request);
  if (!planned.ok) throw new Error(planned.problems[0]?.message);
  if (!apply(score, planned.plan).ok) throw new Error('apply');
}

describe("MuseScore's engine after set_barline", () => {
  it('opens the export and finds the repeat, the two endings and the final bar the model has', async () => {
    const score = imported(caseText('barline-fermata.musicxml'));
    setBarline(score, { measure: 1, style: 'repeat-start' });
    setBarline(score, { measure: 1, style: 'repeat-end' });
    setBarline(score, { measure: 2, volta: '1' });
    setBarline(score, { measure: 2, style: 'repeat-end' });
    setBarline(score, { measure: 3, volta: '2', voltaOpen: true });
    const model = scoreContent(score).measures.map((measure) => measure.barlines);
    expect(model).toEqual([
      { repeatStart: true, end: 'repeat' },
      { end: 'repeat', volta: { numbers: [1], end: 'closed' } },
      { end: 'final', volta: { numbers: [2], end: 'open' } },
    ]);
    const exported = exportMusicXml(score);
    // The changed bar line keeps its fermata (MuseScore 3 reads no fermata on a bar line, even in the file as it came).
    expect(
      exported.match(
        /<barline location="right">\s*<bar-style>light-heavy<\/bar-style>\s*<fermata/g,
      ),
    ).toHaveLength(2);
    const read = await museScoreXml(exported);
    expect(read.error).toBeUndefined();
    const seen = scoreContent(imported(read.xml!)).measures.map((measure) => measure.barlines);
    expect(seen).toEqual(model);
  });
});
