import { describe, expect, it } from 'vitest';
import { parseMarks } from './parse-marks.ts';

describe('parseMarks', () => {
  it('reads lanes of * items with their marks, @ items and lyric lines', () => {
    const text =
      'P1 s1 v1 m3: *( * * *)\nP1 s1 v1 m1: *"Am" @1/2"Dm"\nP1 s1 v1 m5: *\\p\nP1 s1 v1 m1 w1: Freu- de\n';
    const result = parseMarks(text);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const [m1, m3, m5] = result.document.lanes;
    expect(m1!.marks).toEqual([
      [{ kind: 'chord-symbol', root: { step: 'A', alter: 0 }, quality: 'm' }],
    ]);
    expect(m1!.onsetMarks).toEqual([
      {
        onset: { num: 1, den: 2 },
        marks: [{ kind: 'chord-symbol', root: { step: 'D', alter: 0 }, quality: 'm' }],
      },
    ]);
    expect(m3!.marks).toEqual([
      [{ kind: 'slur', type: 'start', level: 1 }],
      [],
      [],
      [{ kind: 'slur', type: 'stop', level: 1 }],
    ]);
    expect(m5!.marks).toEqual([[{ kind: 'dynamic', name: 'p' }]]);
    expect(result.document.lyrics?.[0]?.slots.map((slot) => slot?.text)).toEqual(['Freu', 'de']);
    expect(result.lyricLocations?.[0]?.line).toBe(4);
  });

  it('points at each * and each of its marks', () => {
    const text = 'P1 s1 v1 m1: *-. *\\tempo"Allegro"1/4=120\n';
    const result = parseMarks(text);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const location = result.locations[0]!;
    expect(location.eventStarts.map((start) => text[start])).toEqual(['*', '*']);
    expect(
      location.eventMarks?.map((marks) => marks.map((mark) => text.slice(mark.start, mark.end))),
    ).toEqual([['-.'], ['\\tempo"Allegro"1/4=120']]);
  });

  it('leaves @ onsets to the planner: it has no durations to check them against', () => {
    const result = parseMarks('P1 s1 v1 m1: * @7/4\\p\n');
    expect(result.ok).toBe(true);
  });

  it('refuses notes, chords and rests, which a marks document writes as *', () => {
    const result = parseMarks('P1 s1 v1 m1: * C4=1/4-. r=1/4\n');
    expect(result.issues.map((issue) => [issue.code, issue.column])).toEqual([
      ['event-in-marks-document', 16],
      ['event-in-marks-document', 25],
    ]);
  });

  it('reports unknown marks with their fix, as parse does', () => {
    const result = parseMarks('P1 s1 v1 m1: *\\fermate\n');
    expect(result.issues[0]).toMatchObject({
      code: 'unknown-mark',
      edit: { start: 14, end: 22, text: '\\fermata' },
    });
  });

  it('caps its problems and never throws', () => {
    const result = parseMarks(`P1 s1 v1 m1: ${'*\\x '.repeat(500)}`);
    expect(result.issues).toHaveLength(101);
    expect(result.issues.at(-1)?.code).toBe('too-many-problems');
    expect(() => parseMarks(3 as unknown as string)).toThrow(TypeError);
  });
});
