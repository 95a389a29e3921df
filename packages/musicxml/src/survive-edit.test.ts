import {
  apply,
  plan,
  planSetKey,
  planTranspose,
  type Score,
  scoreToLanes,
} from '@scorelane/score-model';
import { describe, expect, it, test } from 'vitest';
import { exportMusicXml } from './export-musicxml.ts';
import { fixtureBytes } from './fixtures.test-support.ts';
import { importMusicXml } from './import-musicxml.ts';
import { readScore } from './score-snapshot.ts';
import { readWithVerovio } from './verovio.test-support.ts';
import type { XmlElement, XmlNode } from './xml-tree.ts';

function imported(input: string | Uint8Array): Score {
  const result = importMusicXml(input);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return result.score;
}

function descendants(node: unknown, name: string, found: XmlElement[]): void {
  if (Array.isArray(node)) {
    for (const item of node) descendants(item, name, found);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const element = node as XmlElement;
  if (element.n === name) found.push(element);
  for (const value of Object.values(node)) descendants(value as XmlNode, name, found);
}

/** Every kept element called `name` in one measure (part 1, every staff), on its notes and between them. */
function keptIn(score: Score, measure: number, name: string): XmlElement[] {
  const snapshot = readScore(score);
  const found: XmlElement[] = [];
  for (let staff = 1; staff <= snapshot.parts[0]!.staves; staff++) {
    const unit = snapshot.unit(1, staff, measure);
    descendants(unit.attachments, name, found);
    for (const voice of unit.voices)
      for (const event of voice.events) descendants(event.attachments, name, found);
  }
  return found;
}

/** What the model holds in one measure (part 1, every staff) of what `<name>` maps to: lyrics, slur ends. */
function modelIn(score: Score, measure: number, name: string): unknown[] {
  const snapshot = readScore(score);
  const found: unknown[] = [];
  for (let staff = 1; staff <= snapshot.parts[0]!.staves; staff++)
    for (const voice of snapshot.unit(1, staff, measure).voices)
      for (const event of voice.events) {
        if (name === 'lyric') found.push(...(event.lyrics ?? []));
        if (name === 'slur')
          found.push(...(event.marks ?? []).filter((mark) => mark.kind === 'slur'));
      }
  return found;
}

/** Everything of `<name>` in a measure: kept as XML, and read into the model. */
function heldIn(score: Score, measure: number, name: string): unknown[] {
  return [...keptIn(score, measure, name), ...modelIn(score, measure, name)];
}

const CASES = [
  { file: '61a-Lyrics.xml', kept: 'lyric', onNotes: true, mark: 'lyric' },
  { file: '31a-Directions.xml', kept: 'direction', onNotes: false, mark: 'direction' },
  { file: '33c-Spanners-Slurs.xml', kept: 'slur', onNotes: true, mark: 'slur-stop' },
] as const;

describe('attachments survive an edit of another measure', () => {
  test.each(CASES)(
    '$file: rewrite measure 2, export, import: every other measure keeps its <$kept>',
    async ({ file, kept, onNotes, mark }) => {
      const original = imported(fixtureBytes(file));
      const edited = imported(fixtureBytes(file));
      const planned = plan(edited, { start: 2, parts: [1], text: 'P1 s1 v1 m2: E5=1/2 D5=1/2\n' });
      if (!planned.ok)
        throw new Error(planned.problems.map((problem) => problem.message).join('\n'));
      const applied = apply(edited, planned.plan);
      expect(applied.ok).toBe(true);

      const exported = exportMusicXml(edited);
      const reread = imported(exported);
      const measures = readScore(original).measures.length;
      let compared = 0;
      for (let measure = 1; measure <= measures; measure++) {
        if (measure === 2) continue;
        expect(heldIn(reread, measure, kept)).toEqual(heldIn(original, measure, kept));
        compared += heldIn(original, measure, kept).length;
      }
      expect(compared).toBeGreaterThan(0);
      if (onNotes) {
        // What rode on the replaced notes is gone, and the plan said so.
        expect(heldIn(reread, 2, kept)).toEqual([]);
        expect(JSON.stringify(planned.plan.dropped)).toContain(`"kind":"${mark}"`);
      } else {
        // Directions belong to the measure, not to a note: they stay where they were.
        expect(keptIn(reread, 2, kept)).toEqual(keptIn(original, 2, kept));
      }
      const reading = await readWithVerovio(exported);
      expect(reading.loaded).toBe(true);
      expect(reading.log).not.toMatch(/\[Error\]/);
      expect(reading.notes).toContain('4.000:76');
    },
  );
});

describe('signatures and pitches changed through the model are written from the model', () => {
  it('a key set from measure 2 on is written there and reads back, the kept opening of measure 1 unchanged', () => {
    const score = imported(fixtureBytes('61a-Lyrics.xml'));
    const planned = planSetKey(score, {
      measure: 2,
      tonic: { step: 'E', alter: -1 },
      mode: 'major',
    });
    if (!planned.ok) throw new Error(planned.problems.map((problem) => problem.message).join('\n'));
    apply(score, planned.plan);
    const reread = imported(exportMusicXml(score));
    expect(scoreToLanes(reread).header.keys).toEqual(scoreToLanes(score).header.keys);
    expect(heldIn(reread, 1, 'lyric')).toEqual(heldIn(score, 1, 'lyric'));
    expect(heldIn(score, 1, 'lyric').length).toBeGreaterThan(0);
  });

  it('a transposed note keeps what rides on it, but a kept accidental that no longer fits is left out', () => {
    const score = imported(fixtureBytes('01a-Pitches-Pitches.xml'));
    // Measure 9 is G#2 A#2 B#2 C#3, each with <accidental>sharp</accidental>; up a minor second
    // it is A2 B2 C#3 D3: only C#3 still takes a sharp.
    const planned = planTranspose(score, { start: 9, end: 9, interval: 'm2' });
    if (!planned.ok) throw new Error(planned.problems.map((problem) => problem.message).join('\n'));
    apply(score, planned.plan);
    const exported = exportMusicXml(score);
    const reread = imported(exported);
    expect(scoreToLanes(reread).document.lanes).toEqual(scoreToLanes(score).document.lanes);
    expect(scoreToLanes(reread).document.lanes[8]?.events.map((event) => event.kind)).toEqual([
      'note',
      'note',
      'note',
      'note',
    ]);
    expect(keptIn(imported(fixtureBytes('01a-Pitches-Pitches.xml')), 9, 'accidental')).toHaveLength(
      4,
    );
    expect(keptIn(reread, 9, 'accidental')).toEqual([{ n: 'accidental', c: ['sharp'] }]);
  });
});
