import { describe, expect, it } from 'vitest';
import type { IssueCode } from './issue.ts';
import { parse } from './parse.ts';
import { formatPitch } from './pitch.ts';
import { serialize } from './serialize.ts';

const H = 'P1 s1 v1 m1: ';

/** Each: the text an agent might write, and the first problem it must get. */
const badInputs: ReadonlyArray<{
  readonly name: string;
  readonly text: string;
  readonly code: IssueCode;
  readonly line: number;
  readonly column: number;
  readonly hint?: string;
}> = [
  {
    name: 'lower-case step',
    text: `${H}c4=1/4`,
    code: 'lowercase-step',
    line: 1,
    column: 14,
    hint: 'pitch steps are upper case: C4',
  },
  {
    name: 'lower-case step with accidental',
    text: `${H}f#4=1/4`,
    code: 'lowercase-step',
    line: 1,
    column: 14,
    hint: 'pitch steps are upper case: F#4',
  },
  {
    name: 'unicode sharp',
    text: `${H}F♯4=1/4`,
    code: 'unicode-accidental',
    line: 1,
    column: 15,
    hint: 'write sharps as #: F#4',
  },
  {
    name: 'unicode flat',
    text: `${H}B♭3=1/4`,
    code: 'unicode-accidental',
    line: 1,
    column: 15,
    hint: 'write flats as b: Bb3',
  },
  { name: 'unicode natural', text: `${H}F♮4=1/4`, code: 'unicode-accidental', line: 1, column: 15 },
  {
    name: 'unicode double sharp',
    text: `${H}C𝄪4=1/4`,
    code: 'unicode-accidental',
    line: 1,
    column: 15,
    hint: 'write double sharps as ##: C##4',
  },
  { name: 'triple sharp', text: `${H}C###4=1/4`, code: 'invalid-accidental', line: 1, column: 15 },
  {
    name: 'natural written n',
    text: `${H}Fn4=1/4`,
    code: 'invalid-accidental',
    line: 1,
    column: 15,
  },
  {
    name: 'accidental before step',
    text: `${H}#F4=1/4`,
    code: 'invalid-pitch',
    line: 1,
    column: 14,
  },
  {
    name: 'German H',
    text: `${H}H4=1/4`,
    code: 'invalid-pitch',
    line: 1,
    column: 14,
    hint: 'write the German H as B, and B as Bb',
  },
  {
    name: 'missing octave',
    text: `${H}C=1/4`,
    code: 'missing-octave',
    line: 1,
    column: 14,
    hint: 'give every pitch its octave, as in C4 (C4 is middle C)',
  },
  { name: 'octave 10', text: `${H}C10=1/4`, code: 'octave-out-of-range', line: 1, column: 15 },
  { name: 'octave -2', text: `${H}C-2=1/4`, code: 'octave-out-of-range', line: 1, column: 15 },
  {
    name: 'missing staff',
    text: 'P1 v1 m2: C4=1',
    code: 'missing-header-field',
    line: 1,
    column: 1,
    hint: 'a lane header needs a staff: P1 s1 v1 m2',
  },
  {
    name: 'missing voice and measure',
    text: 'P2 s1: C4=1',
    code: 'missing-header-field',
    line: 1,
    column: 1,
    hint: 'a lane header needs a voice and a measure: P2 s1 v1 m1',
  },
  {
    name: 'fields out of order',
    text: 'P1 v1 s1 m1: C4=1',
    code: 'invalid-header',
    line: 1,
    column: 1,
    hint: 'write part, staff, voice, measure in that order: P1 s1 v1 m1',
  },
  { name: 'lower-case p', text: 'p1 s1 v1 m1: C4=1', code: 'invalid-header', line: 1, column: 1 },
  {
    name: 'header without spaces',
    text: 'P1s1v1m1: C4=1',
    code: 'invalid-header',
    line: 1,
    column: 1,
    hint: 'separate the fields with spaces: P1 s1 v1 m1',
  },
  {
    name: 'header word instead of field',
    text: 'Piano m1: C4=1',
    code: 'invalid-header',
    line: 1,
    column: 1,
  },
  { name: 'measure 0', text: 'P1 s1 v1 m0: C4=1', code: 'zero-index', line: 1, column: 11 },
  {
    name: 'part with leading zero',
    text: 'P01 s1 v1 m1: C4=1',
    code: 'invalid-number',
    line: 1,
    column: 2,
    hint: 'write it without leading zeros: 1',
  },
  {
    name: 'negative measure',
    text: 'P1 s1 v1 m-1: C4=1',
    code: 'invalid-number',
    line: 1,
    column: 11,
  },
  {
    name: 'huge measure number',
    text: 'P1 s1 v1 m99999999999: C4=1',
    code: 'number-too-large',
    line: 1,
    column: 11,
  },
  { name: 'missing colon', text: 'P1 s1 v1 m1 C4=1', code: 'missing-colon', line: 1, column: 12 },
  { name: 'empty header before colon', text: ': C4=1', code: 'invalid-header', line: 1, column: 1 },
  {
    name: 'events without a header',
    text: 'C4=1/4 D4=1/4',
    code: 'missing-lane-header',
    line: 1,
    column: 1,
  },
  {
    name: 'a Markdown code fence around the lanes',
    text: '```lanes-seq\nP1 s1 v1 m1: C4=1\n```',
    code: 'markdown-fence',
    line: 1,
    column: 1,
  },
  { name: 'empty lane', text: 'P1 s1 v1 m1:', code: 'empty-lane', line: 1, column: 1 },
  {
    name: 'first event without a duration',
    text: `${H}C4 D4=1/4`,
    code: 'missing-duration',
    line: 1,
    column: 14,
  },
  {
    name: 'duration apart from its pitch',
    text: `${H}C4 1/4`,
    code: 'missing-equals',
    line: 1,
    column: 14,
    hint: 'write an event with no spaces inside it: C4=1/4',
  },
  {
    name: 'spaces around equals',
    text: `${H}C4 = 1/4`,
    code: 'missing-equals',
    line: 1,
    column: 14,
    hint: 'write an event with no spaces inside it: C4=1/4',
  },
  {
    name: 'missing duration',
    text: `${H}C4= D4=1/4`,
    code: 'missing-duration',
    line: 1,
    column: 16,
  },
  { name: 'division by zero', text: `${H}C4=1/0`, code: 'zero-denominator', line: 1, column: 17 },
  { name: 'zero duration', text: `${H}C4=0`, code: 'zero-duration', line: 1, column: 17 },
  { name: 'zero numerator', text: `${H}C4=0/4`, code: 'zero-duration', line: 1, column: 17 },
  {
    name: 'negative duration',
    text: `${H}C4=-1/4`,
    code: 'negative-duration',
    line: 1,
    column: 17,
  },
  {
    name: 'decimal duration',
    text: `${H}C4=0.25`,
    code: 'decimal-duration',
    line: 1,
    column: 17,
    hint: 'write durations as fractions of a whole note: C4=1/4',
  },
  {
    name: 'dotted value written with a dot',
    text: `${H}C4=1/4.`,
    code: 'decimal-duration',
    line: 1,
    column: 17,
    hint: 'a dot is written into the fraction: a dotted 1/4 is C4=3/8',
  },
  {
    name: 'duration as a word',
    text: `${H}C4=quarter`,
    code: 'invalid-duration',
    line: 1,
    column: 17,
  },
  {
    name: 'duration with two slashes',
    text: `${H}C4=1/4/8`,
    code: 'invalid-duration',
    line: 1,
    column: 17,
  },
  {
    name: 'huge numerator',
    text: `${H}C4=12345678901/4`,
    code: 'number-too-large',
    line: 1,
    column: 17,
  },
  {
    name: 'huge denominator',
    text: `${H}C4=1/99999999`,
    code: 'number-too-large',
    line: 1,
    column: 19,
  },
  {
    name: 'denominator with leading zero',
    text: `${H}C4=1/04`,
    code: 'invalid-number',
    line: 1,
    column: 19,
  },
  {
    name: 'unclosed chord',
    text: `${H}(C4 E4 G4=1/2`,
    code: 'unclosed-chord',
    line: 1,
    column: 14,
    hint: 'close the chord before its duration: (C4 E4 G4)=1/2',
  },
  {
    name: 'chord never closed at end of line',
    text: `${H}(C4 E4 G4`,
    code: 'unclosed-chord',
    line: 1,
    column: 14,
  },
  { name: 'empty chord', text: `${H}()=1/2`, code: 'empty-chord', line: 1, column: 14 },
  { name: 'nested chord', text: `${H}((C4 E4))=1/2`, code: 'nested-chord', line: 1, column: 15 },
  {
    name: 'duplicate pitch in chord',
    text: `${H}(C4 E4 C4)=1/2`,
    code: 'duplicate-chord-pitch',
    line: 1,
    column: 21,
  },
  {
    name: 'chord with commas',
    text: `${H}(C4,E4)=1/2`,
    code: 'unexpected-character',
    line: 1,
    column: 17,
  },
  {
    name: 'space inside chord parenthesis',
    text: `${H}( C4 E4)=1/2`,
    code: 'unexpected-character',
    line: 1,
    column: 15,
  },
  {
    name: 'closing parenthesis without chord',
    text: `${H}C4)=1/2`,
    code: 'unexpected-closing-parenthesis',
    line: 1,
    column: 16,
  },
  {
    name: 'duplicate lane',
    text: 'P1 s1 v1 m1: C4=1\nP1 s1 v1 m1: D4=1',
    code: 'duplicate-lane',
    line: 2,
    column: 1,
  },
  {
    name: 'events separated by commas',
    text: `${H}C4=1/2, D4=1/2`,
    code: 'unexpected-character',
    line: 1,
    column: 20,
    hint: 'separate events with spaces only: C4=1/4 D4=1/4',
  },
  {
    name: 'double bar line between measures',
    text: `${H}C4=1 || D4=1`,
    code: 'invalid-bar-line',
    line: 1,
    column: 19,
    hint: 'write a single | between two measures (double bars and repeats are not written in lanes): P1 s1 v1 m1: C4=1 | D4=1',
  },
  {
    name: 'empty measure between bar lines',
    text: `${H}C4=1 | | D4=1`,
    code: 'empty-lane',
    line: 1,
    column: 21,
  },
  {
    name: 'events with no space between them',
    text: `${H}C4=1/2D4=1/2`,
    code: 'missing-space',
    line: 1,
    column: 20,
  },
  {
    name: 'comment after events',
    text: `${H}C4=1 % melody`,
    code: 'unexpected-character',
    line: 1,
    column: 19,
  },
  {
    name: 'tie before duration',
    text: `${H}C4~=1/2 C4=1/2`,
    code: 'invalid-tie',
    line: 1,
    column: 16,
  },
  { name: 'double tie', text: `${H}C4=1/2~~ C4=1/2`, code: 'invalid-tie', line: 1, column: 20 },
  { name: 'tied rest', text: `${H}r=1/2~ r=1/2`, code: 'rest-tie', line: 1, column: 14 },
  { name: 'grace rest', text: `${H}r=g1/8 C4=1`, code: 'grace-rest', line: 1, column: 14 },
  {
    name: 'rest in upper case',
    text: `${H}R=1`,
    code: 'invalid-pitch',
    line: 1,
    column: 14,
    hint: 'write rests as r=1/4',
  },
  { name: 'lone @', text: `${H}C4=1/2 @ D4=1/2`, code: 'empty-onset', line: 1, column: 21 },
  {
    name: 'lone carriage return inside a line',
    text: `${H}C4=1\rD4=1`,
    code: 'unexpected-character',
    line: 1,
    column: 18,
  },
  {
    name: 'byte-order mark in the middle',
    text: `${H}C4=1\n\uFEFFP1 s1 v1 m2: C4=1`,
    code: 'unexpected-character',
    line: 2,
    column: 1,
  },
  {
    name: 'problem on a later line',
    text: '% bars 1-2\nP1 s1 v1 m1: C4=1\nP1 s1 v1 m2: C4=1/4 d4=3/4',
    code: 'lowercase-step',
    line: 3,
    column: 21,
  },
];

/** Found by review: each once gave the wrong code, place or fix. */
const reviewedInputs: ReadonlyArray<{
  readonly name: string;
  readonly text: string;
  readonly code: IssueCode;
  readonly column: number;
  readonly hint?: string;
  readonly line?: number;
}> = [
  {
    name: 'flat sign, low octave',
    text: `${H}B♭3=1/4`,
    code: 'unicode-accidental',
    column: 15,
    hint: 'write flats as b: Bb3',
  },
  {
    name: 'sharp sign, octave 5',
    text: `${H}F♯5=1/4`,
    code: 'unicode-accidental',
    column: 15,
    hint: 'write sharps as #: F#5',
  },
  {
    name: 'double sharp sign, octave 2',
    text: `${H}G𝄪2=1/4`,
    code: 'unicode-accidental',
    column: 15,
    hint: 'write double sharps as ##: G##2',
  },
  {
    name: 'tie before a dotted duration',
    text: `${H}F#5~=3/8`,
    code: 'invalid-tie',
    column: 17,
    hint: 'a tie goes after the duration: F#5=3/8~',
  },
  {
    name: 'tie before a chord duration',
    text: `${H}(C4 E4)~=1/2`,
    code: 'invalid-tie',
    column: 21,
    hint: 'a tie goes after the duration: (C4 E4)=1/2~',
  },
  {
    name: 'rounded decimal',
    text: `${H}C4=0.3333`,
    code: 'decimal-duration',
    column: 17,
    hint: 'write durations as fractions of a whole note: C4=1/3',
  },
  {
    name: 'decimal after a unicode sharp: the hint fixes both',
    text: `${H}F♯4=0.25`,
    code: 'unicode-accidental',
    column: 15,
  },
  {
    name: 'a chord closed twice',
    text: `${H}(C4 E4))=1/2`,
    code: 'unexpected-closing-parenthesis',
    column: 21,
  },
  {
    name: 'a rest with an octave',
    text: `${H}r1=1/4`,
    code: 'invalid-pitch',
    column: 14,
    hint: 'write it with its duration only: r=1/4',
  },
  {
    name: 'a byte-order mark between events',
    text: `${H}C4=1 \uFEFFD4=1`,
    code: 'unexpected-character',
    column: 19,
  },
  { name: 'an event with nothing before "="', text: `${H}=1/4`, code: 'invalid-pitch', column: 14 },
  {
    name: 'a no-break space between events',
    text: `${H}C4=1/4\u00a0D4=1/4`,
    code: 'unexpected-character',
    column: 20,
    hint: 'write a plain space or tab instead',
  },
  {
    name: 'a lone carriage return at the very end',
    text: `${H}C4=1\r`,
    code: 'unexpected-character',
    column: 18,
  },
  {
    name: 'a lone carriage return on a line of its own',
    text: `${H}C4=1\n\r`,
    code: 'unexpected-character',
    column: 1,
    line: 2,
  },
  {
    name: 'an emoji after an event',
    text: `${H}C4=1/4~😀 c4=1/4`,
    code: 'unexpected-character',
    column: 21,
  },
];

describe('parse: inputs a review found', () => {
  it.each(reviewedInputs)(
    '$name: $code at column $column',
    ({ text, code, column, hint, line = 1 }) => {
      const result = parse(text);
      expect(result.ok).toBe(false);
      const first = result.issues[0]!;
      expect({ code: first.code, line: first.line, column: first.column }).toEqual({
        code,
        line,
        column,
      });
      if (hint !== undefined) expect(first.hint).toBe(hint);
    },
  );

  it('never repeats one mistake in the fix for another', () => {
    const hints = parse(`${H}c4 F♯4=0.25 D4=1`).issues.map((issue) => issue.hint);
    expect(hints).toContain('write durations as fractions of a whole note: F#4=1/4');
    expect(hints).toContain(
      'the first event of a line writes its duration (later ones may leave it out to repeat it): C4=1/4 for a quarter',
    );
  });

  it('spans a character outside the basic plane whole, and counts columns after it right', () => {
    const result = parse(`${H}C4=1/4~😀 c4=1/4`);
    const [emoji, step] = result.issues;
    expect(emoji!.span.end.offset - emoji!.span.start.offset).toBe(2);
    expect(emoji!.span.end.column).toBe(22);
    expect(step).toMatchObject({ code: 'lowercase-step', column: 23 });
  });

  it('reports problems in text order even when a hint needed what came after', () => {
    const offsets = parse(`${H}f♯4=1/4 e4~=1/8`).issues.map((issue) => issue.span.start.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });
});

describe('parse: bad input an agent might write', () => {
  it('covers at least 40 distinct problems', () => {
    expect(new Set(badInputs.map((input) => input.name)).size).toBe(badInputs.length);
    expect(badInputs.length).toBeGreaterThanOrEqual(40);
  });

  it.each(badInputs)('$name: $code at $line:$column', ({ text, code, line, column, hint }) => {
    const result = parse(text);
    expect(result.ok).toBe(false);
    const first = result.issues[0]!;
    expect({ code: first.code, line: first.line, column: first.column }).toEqual({
      code,
      line,
      column,
    });
    if (hint !== undefined) expect(first.hint).toBe(hint);
    expect(first.message.length).toBeGreaterThan(10);
    expect(first.span.start.line).toBe(line);
    expect(first.span.end.offset).toBeGreaterThanOrEqual(first.span.start.offset);
  });
});

describe('parse: every problem, not only the first', () => {
  it('reports each bad event of a lane and each bad lane', () => {
    const result = parse(
      ['P1 s1 v1 m1: c4=1/4 D4=0 E4=1/4 (F4 F4)=1/4', 'P1 v1 m2: C4=1', 'P1 s1 v1 m3: C4=1/0'].join(
        '\n',
      ),
    );
    expect(result.ok).toBe(false);
    expect(result.issues.map((issue) => [issue.code, issue.line, issue.column])).toEqual([
      ['lowercase-step', 1, 14],
      ['zero-duration', 1, 24],
      ['duplicate-chord-pitch', 1, 37],
      ['missing-header-field', 2, 1],
      ['zero-denominator', 3, 17],
    ]);
  });

  it('returns no document when anything is wrong', () => {
    const result = parse('P1 s1 v1 m1: C4=1\nP1 s1 v1 m2: c4=1');
    expect(result).not.toHaveProperty('document');
  });
});

/** Valid text and the canonical text it must serialize to. */
const validInputs: ReadonlyArray<{
  readonly name: string;
  readonly text: string;
  readonly canonical: string;
}> = [
  {
    name: 'Windows line endings',
    text: 'P1 s1 v1 m1: C4=1\r\nP1 s1 v1 m2: D4=1\r\n',
    canonical: 'P1 s1 v1 m1: C4=1 | D4\n',
  },
  {
    name: 'bar lines, with or without spaces around them, and one at the end',
    text: 'P1 s1 v1 m1: C4=1/2 D4 |E4 F4|G4=1 |\t',
    canonical: 'P1 s1 v1 m1: C4=1/2 D4 | E4 F4 | G4=1\n',
  },
  {
    name: 'tabs between fields and events',
    text: 'P1\ts1\tv1\tm1:\tC4=1/2\tD4=1/2',
    canonical: 'P1 s1 v1 m1: C4=1/2 D4\n',
  },
  { name: 'no space after the colon', text: 'P1 s1 v1 m1:C4=1', canonical: 'P1 s1 v1 m1: C4=1\n' },
  { name: 'space before the colon', text: 'P1 s1 v1 m1 : C4=1', canonical: 'P1 s1 v1 m1: C4=1\n' },
  {
    name: 'leading and trailing spaces',
    text: '   P1 s1 v1 m1: C4=1   \n',
    canonical: 'P1 s1 v1 m1: C4=1\n',
  },
  {
    name: 'unreduced fractions',
    text: 'P1 s1 v1 m1: C4=2/8 D4=4/8 E4=8/8',
    canonical: 'P1 s1 v1 m1: C4=1/4 D4=1/2 E4=1\n',
  },
  {
    name: 'comments and blank lines',
    text: '% Ode\n\n  % indented comment\nP1 s1 v1 m1: C4=1\n\n',
    canonical: 'P1 s1 v1 m1: C4=1\n',
  },
  {
    name: 'chord pitches in any order',
    text: 'P1 s1 v1 m1: (G4 C4 E4)=1',
    canonical: 'P1 s1 v1 m1: (C4 E4 G4)=1\n',
  },
  {
    name: 'enharmonic pitches in one chord',
    text: 'P1 s1 v1 m1: (Db4 C#4)=1',
    canonical: 'P1 s1 v1 m1: (C#4 Db4)=1\n',
  },
  {
    name: 'lanes in any order',
    text: 'P2 s1 v1 m1: C3=1\nP1 s1 v2 m1: E4=1\nP1 s1 v1 m2: D4=1\nP1 s1 v1 m1: C4=1',
    canonical: 'P1 s1 v1 m1: C4=1 | D4\nP1 s1 v2 m1: E4=1\nP2 s1 v1 m1: C3=1\n',
  },
  {
    name: 'ties, grace notes, rests and invisible rests',
    text: 'P1 s1 v1 m1: x=1/4 D5=g1/16 C5=1/4~ C5=1/4 r=1/4',
    canonical: 'P1 s1 v1 m1: x=1/4 D5=g1/16 C5~ C5 r\n',
  },
  {
    name: 'tie on one pitch of a chord',
    text: 'P1 s1 v1 m1: (E4 C4~ G4)=1/2 (C4 F4 A4)=1/2',
    canonical: 'P1 s1 v1 m1: (C4~ E4 G4)=1/2 (C4 F4 A4)\n',
  },
  {
    name: 'extreme pitches and accidentals',
    text: 'P1 s1 v1 m1: Cbb-1=1/2 B##9=1/2',
    canonical: 'P1 s1 v1 m1: Cbb-1=1/2 B##9\n',
  },
  {
    name: 'breve and tuplets',
    text: 'P1 s1 v1 m1: C4=2 D4=1/12 E4=1/20',
    canonical: 'P1 s1 v1 m1: C4=2 D4=1/12 E4=1/20\n',
  },
  {
    name: 'leading byte-order mark',
    text: '\uFEFFP1 s1 v1 m1: C4=1\n',
    canonical: 'P1 s1 v1 m1: C4=1\n',
  },
  { name: 'an empty text', text: '', canonical: '' },
  { name: 'only comments', text: '% nothing here\n%% title: x', canonical: '' },
];

describe('parse: valid edge cases', () => {
  it.each(validInputs)('$name', ({ text, canonical }) => {
    const result = parse(text);
    expect(result.issues).toEqual([]);
    if (!result.ok) throw new Error('expected a document');
    expect(serialize(result.document)).toBe(canonical);
  });

  it('ignores a leading byte-order mark in columns: problems point where an editor shows them', () => {
    const result = parse('\uFEFFP1 s1 v1 m1: c4=1');
    expect(result.issues[0]).toMatchObject({ code: 'lowercase-step', line: 1, column: 14 });
    expect(result.issues[0]!.span.start.offset).toBe(14);
  });

  it('counts columns in code points, so an astral character counts once', () => {
    const result = parse('P1 s1 v1 m1: C𝄪4=1 c4=1');
    expect(result.issues.map((issue) => [issue.code, issue.column])).toEqual([
      ['unicode-accidental', 15],
      ['lowercase-step', 20],
    ]);
  });

  it('reads the parts of an event exactly', () => {
    const result = parse('P2 s1 v3 m4: (C4~ E4)=g3/8~ F#4=1/12 r=1/4 x=2/8');
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const lane = result.document.lanes[0]!;
    expect({
      part: lane.part,
      staff: lane.staff,
      voice: lane.voice,
      measure: lane.measure,
    }).toEqual({
      part: 2,
      staff: 1,
      voice: 3,
      measure: 4,
    });
    expect(lane.events).toEqual([
      {
        kind: 'chord',
        notes: [
          // Every note is tied by the chord's "~", so the tie is said once, on the chord.
          { pitch: { step: 'C', alter: 0, octave: 4 }, tie: false },
          { pitch: { step: 'E', alter: 0, octave: 4 }, tie: false },
        ],
        duration: { num: 3, den: 8 },
        grace: true,
        tie: true,
      },
      {
        kind: 'note',
        pitch: { step: 'F', alter: 1, octave: 4 },
        duration: { num: 1, den: 12 },
        grace: false,
        tie: false,
      },
      { kind: 'rest', duration: { num: 1, den: 4 }, grace: false },
      { kind: 'space', duration: { num: 1, den: 4 }, grace: false },
    ]);
  });

  it('records where each lane and event came from', () => {
    const text = '% c\nP1 s1 v1 m1: C4=1/2  D4=1/2\n';
    const result = parse(text);
    if (!result.ok) throw new Error('expected a document');
    const location = result.locations[0]!;
    expect(location.line).toBe(2);
    expect(text.slice(location.lineStart, location.start)).toBe('');
    expect(
      location.eventStarts.map((start, i) => text.slice(start, location.eventEnds[i])),
    ).toEqual(['C4=1/2', 'D4=1/2']);
  });

  it('quotes at most 40 characters of a huge token, so messages stay short', () => {
    const result = parse(`P1 s1 v1 m1: C${'#'.repeat(100_000)}4=1 ${'x'.repeat(50_000)}`);
    expect(result.issues.map((issue) => issue.code)).toEqual([
      'invalid-accidental',
      'invalid-pitch',
    ]);
    for (const issue of result.issues) expect(issue.message.length).toBeLessThan(200);
    expect(result.issues[0]!.message).toContain(`"${'#'.repeat(40)}…"`);
  });

  it('refuses a value that is not a string, as misuse', () => {
    expect(() => parse(42 as unknown as string)).toThrow(TypeError);
  });
});

describe('parse: the lanes it could read, beside the problems', () => {
  it('returns every lane read without a problem as partial, in canonical order', () => {
    const text =
      'P1 s1 v1 m2: D4=1\nP1 s1 v1 m1: c4=1\nP2 s1 v1 m1: E4=1/2 r=1/2\nP1 s1 v1 m2: F4=1\n';
    const result = parse(text);
    if (result.ok) throw new Error('expected problems');
    expect(result.issues.map((issue) => issue.code)).toEqual(['lowercase-step', 'duplicate-lane']);
    expect(serialize(result.partial.document)).toBe('P1 s1 v1 m2: D4=1\nP2 s1 v1 m1: E4=1/2 r\n');
    expect(result.partial.locations.map((location) => location.line)).toEqual([3, 1]);
  });

  it('leaves out a lane with any problem in it, even one after its first event', () => {
    const result = parse('P1 s1 v1 m1: C4=1/2 D4=1/2 E4=0\n');
    expect(!result.ok && result.partial.document.lanes).toEqual([]);
  });
});

describe('parse: chord notes as ChordEvent documents them', () => {
  it("holds a chord's notes low to high by sound, whatever order the text wrote them in", () => {
    const result = parse('P1 s1 v1 m1: (G4 C#4 Db4~ E4)=1');
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const chord = result.document.lanes[0]!.events[0]!;
    if (chord.kind !== 'chord') throw new Error('expected a chord');
    expect(chord.notes.map((note) => formatPitch(note.pitch) + (note.tie ? '~' : ''))).toEqual([
      'C#4',
      'Db4~',
      'E4',
      'G4',
    ]);
  });
});
