/**
 * What an agent writes as another notation or tool would (issue 28): each
 * gets one problem whose hint names the real mistake, and whose edit, where
 * the fix is sure, gives the text meant in one retry.
 */
import { describe, expect, it } from 'vitest';
import { applyEdits } from './apply-edits.test-support.ts';
import type { IssueCode } from './issue.ts';
import type { ParseOptions } from './missing-header.ts';
import { parse } from './parse.ts';
import { serialize } from './serialize.ts';

const H = 'P1 s1 v1 m1: ';

interface ForeignCase {
  readonly text: string;
  readonly code: IssueCode;
  readonly column: number;
  /** Words the first problem's hint holds. */
  readonly hint: string;
  /** The text meant, which the edits give; undefined where no fix is sure. */
  readonly fixed: string | undefined;
  readonly options?: ParseOptions;
}

const cases: readonly ForeignCase[] = [
  {
    text: `${H}E-5=1/4 r=3/4`,
    code: 'octave-out-of-range',
    column: 15,
    hint: 'flats as b: Eb5',
    fixed: `${H}Eb5=1/4 r=3/4`,
  },
  {
    text: `${H}E--5=1/4 r=3/4`,
    code: 'invalid-accidental',
    column: 15,
    hint: 'flats as b: Ebb5',
    fixed: `${H}Ebb5=1/4 r=3/4`,
  },
  {
    text: `${H}B-4=1/8 r=7/8`,
    code: 'octave-out-of-range',
    column: 15,
    hint: 'Bb4',
    fixed: `${H}Bb4=1/8 r=7/8`,
  },
  {
    text: `${H}(E-5 G5)=1`,
    code: 'octave-out-of-range',
    column: 16,
    hint: 'Eb5',
    fixed: `${H}(Eb5 G5)=1`,
  },
  {
    text: `${H}E--1=1`,
    code: 'invalid-accidental',
    column: 15,
    hint: 'Ebb1 is E double flat in octave 1, Eb-1',
    fixed: undefined,
  },
  { text: `${H}C-0=1`, code: 'invalid-number', column: 15, hint: 'that is Cb0', fixed: undefined },
  {
    text: `${H}Bflat4=1/8 r=7/8`,
    code: 'invalid-accidental',
    column: 15,
    hint: 'flats as b: Bb4',
    fixed: `${H}Bb4=1/8 r=7/8`,
  },
  {
    text: `${H}Bsharp4=1`,
    code: 'invalid-accidental',
    column: 15,
    hint: 'B#4',
    fixed: `${H}B#4=1`,
  },
  {
    text: `${H}F-sharp4=1`,
    code: 'invalid-accidental',
    column: 15,
    hint: 'F#4',
    fixed: `${H}F#4=1`,
  },
  { text: `${H}Bflat=1`, code: 'missing-octave', column: 14, hint: 'as in Bb4', fixed: undefined },
  {
    text: `${H}C4=1/8t D4 E4 r=3/4`,
    code: 'invalid-duration',
    column: 17,
    hint: 'a triplet eighth is C4=1/12',
    fixed: `${H}C4=1/12 D4 E4 r=3/4`,
  },
  {
    text: `${H}C4=1/16t D4 E4 r=7/8`,
    code: 'invalid-duration',
    column: 17,
    hint: 'C4=1/24',
    fixed: `${H}C4=1/24 D4 E4 r=7/8`,
  },
  {
    text: `${H}C4=1/4t D4 E4 r=1/2`,
    code: 'invalid-duration',
    column: 17,
    hint: 'C4=1/6',
    fixed: `${H}C4=1/6 D4 E4 r=1/2`,
  },
  {
    text: `${H}C4=1/8.t r=7/8`,
    code: 'invalid-duration',
    column: 17,
    hint: 'lasts 1/8',
    fixed: undefined,
  },
  {
    text: `${H}3:2(E5=1/8 F5=1/8 G5=1/8) r=3/4`,
    code: 'invalid-pitch',
    column: 14,
    hint: '2/3 of its written value (a triplet eighth is 1/12): E5=1/12 F5 G5',
    fixed: `${H}E5=1/12 F5 G5 r=3/4`,
  },
  {
    text: `${H}(3E5=1/8 F5 G5 r=3/4`,
    code: 'invalid-pitch',
    column: 14,
    hint: 'E5=1/12 F5 G5',
    fixed: `${H}E5=1/12 F5 G5 r=3/4`,
  },
  {
    text: `${H}\\tuplet 3/2 { E5=1/8 F5 G5 } r=3/4`,
    code: 'invalid-pitch',
    column: 14,
    hint: 'E5=1/12 F5 G5',
    fixed: `${H}E5=1/12 F5 G5 r=3/4`,
  },
  {
    text: `${H}(5C4=1/16 D4 E4 F4 G4 r=3/4`,
    code: 'invalid-pitch',
    column: 14,
    hint: 'n as the meter says',
    fixed: undefined,
  },
  {
    text: `${H}C4=1\\nP1 s1 v1 m2: D4=1\\n`,
    code: 'unexpected-character',
    column: 18,
    hint: 'send real line breaks',
    fixed: `${H}C4=1\nP1 s1 v1 m2: D4=1\n`,
  },
  {
    text: 'E5=1/4 F5 G5 A5',
    code: 'missing-lane-header',
    column: 1,
    hint: 'P2 s1 v1 m3: E5=1/4 ...',
    fixed: 'P2 s1 v1 m3: E5=1/4 F5 G5 A5',
    options: { expectedLane: { part: 2, staff: 1, voice: 1, measure: 3 } },
  },
  {
    text: 'E5=1/4 F5 G5 A5',
    code: 'missing-lane-header',
    column: 1,
    hint: 'P1 s1 v1 m1: C4=1/4 ...',
    fixed: undefined,
  },
];

describe('hints for what other notations write', () => {
  it.each(cases)(
    '$text: $code at column $column',
    ({ text, code, column, hint, fixed, options }) => {
      const result = parse(text, options);
      expect(result.ok).toBe(false);
      const first = result.issues[0]!;
      expect({ code: first.code, column: first.column }).toEqual({ code, column });
      expect(first.hint).toContain(hint);
      expect(first.hint).not.toContain('--allow');
      if (fixed === undefined) {
        expect(result.issues.every((issue) => issue.edit === undefined)).toBe(true);
        return;
      }
      const repaired = parse(applyEdits(text, result.issues));
      expect(repaired.issues).toEqual([]);
      const expected = parse(fixed);
      if (!repaired.ok || !expected.ok) throw new Error('unreachable');
      expect(serialize(repaired.document)).toBe(serialize(expected.document));
    },
  );

  it('reads a literal \\n at the end of a lane as niente when no lane follows one', () => {
    const result = parse(`${H}C4=1\\n`);
    expect(result.ok).toBe(true);
    if (result.ok) expect(serialize(result.document)).toBe(`${H}C4=1\\n\n`);
  });

  it('reads E-1 as E in octave -1, as before', () => {
    const result = parse(`${H}E-1=1`);
    expect(result.ok).toBe(true);
  });

  it('refuses an expected lane that is no lane (a caller bug)', () => {
    expect(() =>
      parse('C4=1', { expectedLane: { part: 0, staff: 1, voice: 1, measure: 1 } }),
    ).toThrow(RangeError);
  });
});
