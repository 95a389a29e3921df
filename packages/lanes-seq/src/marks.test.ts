import { describe, expect, it } from 'vitest';
import { parse } from './parse.ts';
import { serialize } from './serialize.ts';

const H = 'P1 s1 v1 m1: ';

describe('parse: marks, with where each stands', () => {
  it('points at each mark of each event, parallel to its marks in canonical order', () => {
    const text = `${H}C4=1/2(\\p-. D4=1/2)\n`;
    const result = parse(text);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const location = result.locations[0]!;
    const marksAt = location.eventMarks!.map((marks) =>
      marks.map((mark) => text.slice(mark.start, mark.end)),
    );
    expect(marksAt).toEqual([['-.', '\\p', '('], [')']]);
    expect(result.document.lanes[0]!.events[0]!.marks?.map((mark) => mark.kind)).toEqual([
      'articulation',
      'dynamic',
      'slur',
    ]);
  });

  it('points at each @ item and its marks, in time order', () => {
    const text = `${H}C4=1 @3/4\\> @1/4\\<\n`;
    const result = parse(text);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const items = result.locations[0]!.onsetMarks!;
    expect(items.map((item) => text.slice(item.start, item.end))).toEqual(['@1/4\\<', '@3/4\\>']);
    expect(items.map((item) => text.slice(item.marks[0]!.start, item.marks[0]!.end))).toEqual([
      '\\<',
      '\\>',
    ]);
    expect(result.locations[0]!.end).toBe(text.length - 1);
  });

  it('points at each lyric line and each of its slots', () => {
    const text = `${H}C4=1/4 D4=1/4 E4=1/2\nP1 s1 v1 m1 w1: Freu-de Ah_ _\n`;
    const result = parse(text);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const location = result.lyricLocations![0]!;
    expect(location.line).toBe(2);
    expect(location.slotStarts.map((start, i) => text.slice(start, location.slotEnds[i]))).toEqual([
      'Freu-',
      'de',
      'Ah_',
      '_',
    ]);
  });

  it('leaves out marks, locations of marks and lyrics for a 1.0 text', () => {
    const result = parse(`${H}C4=1/2 (C4 E4)=1/2\n`);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.document).toEqual({
      lanes: [
        {
          part: 1,
          staff: 1,
          voice: 1,
          measure: 1,
          events: [
            {
              kind: 'note',
              pitch: { step: 'C', alter: 0, octave: 4 },
              duration: { num: 1, den: 2 },
              grace: false,
              tie: false,
            },
            {
              kind: 'chord',
              notes: [
                { pitch: { step: 'C', alter: 0, octave: 4 }, tie: false },
                { pitch: { step: 'E', alter: 0, octave: 4 }, tie: false },
              ],
              duration: { num: 1, den: 2 },
              grace: false,
              tie: false,
            },
          ],
        },
      ],
    });
    expect(Object.keys(result)).toEqual(['ok', 'document', 'issues', 'locations']);
    expect(Object.keys(result.locations[0]!)).not.toContain('eventMarks');
  });

  it('reads every dynamic name, so \\pppp is a dynamic and \\pppppppp is the nearest one', () => {
    expect(parse(`${H}C4=1\\pppp`).issues).toEqual([]);
    expect(parse(`${H}C4=1\\pppppppp`).issues[0]?.edit?.text).toBe('\\pppppp');
  });

  it('reads a megabyte-long lane of marks in one pass, and writes it back the same', () => {
    const events = Array.from({ length: 64_000 }, (_, i) =>
      i === 0 ? 'C4=1/64-.\\p(' : i % 2 === 0 ? 'C4-.\\p(' : 'D4)^"é"',
    );
    const text = `${H}${events.join(' ')}\n`;
    expect(text.length).toBeGreaterThan(500_000);
    const result = parse(text);
    if (!result.ok) throw new Error(JSON.stringify(result.issues.slice(0, 3)));
    expect(serialize(result.document)).toBe(text);
  });

  it('caps the problems of a megabyte-long lane of unknown marks', () => {
    const result = parse(`${H}C4=1${'\\fermate'.repeat(150_000)}`);
    expect(result.issues).toHaveLength(101);
    expect(result.issues.at(-1)?.message).toContain('149,900 more problems');
  });
});

describe('hints for marks that have no sure fix', () => {
  const first = (text: string) => parse(text).issues[0]!;

  it('asks what a lone "!" meant, without an edit', () => {
    const issue = first(`${H}C4=1/4! D4=3/4`);
    expect(issue.code).toBe('unknown-mark');
    expect(issue.hint).toContain('\\fermata');
    expect(issue.hint).toContain('-!');
    expect(issue.edit).toBeUndefined();
  });

  it('sends a word in quotes to a lyric line or a text, without an edit', () => {
    const issue = first(`${H}A4=1/2"dream" r=1/2`);
    expect(issue.code).toBe('lyric-as-chord-symbol');
    expect(issue.hint).toContain('P1 s1 v1 m1 w1: dream');
    expect(issue.hint).toContain('^"dream"');
    expect(issue.edit).toBeUndefined();
  });

  it('says, for a dot after the duration, that a dotted quarter is 3/8 and a staccato -.', () => {
    const issue = first(`${H}E4=1/4. E4=5/8`);
    expect(issue.hint).toContain('E4=3/8');
    expect(issue.message).toContain('E4=1/4-.');
  });

  it('says where lyrics go for an ABC w: line with no lane before it', () => {
    const issue = first('w: Freu-de\n');
    expect(issue.code).toBe('abc-lyric-line');
    expect(issue.hint).toContain('w1:');
    expect(issue.edit).toBeUndefined();
  });
});
