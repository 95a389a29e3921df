/**
 * Hints an outside probe found misleading: each now names the real mistake,
 * and where it shows corrected text, its `edit` makes exactly that text.
 */
import { describe, expect, it } from 'vitest';
import { applyEdits } from './apply-edits.test-support.ts';
import type { IssueCode } from './issue.ts';
import { parse } from './parse.ts';
import { parseScoreFile } from './score-file.ts';
import { serialize } from './serialize.ts';

const H = 'P1 s1 v1 m1: ';

interface ProbeCase {
  readonly text: string;
  readonly code: IssueCode;
  readonly column: number;
  readonly line?: number;
  /** Words the hint must hold. */
  readonly hint: string;
  /** The canonical text once the edits are applied, or undefined where no sure fix exists. */
  readonly fixed: string | undefined;
}

const probeCases: readonly ProbeCase[] = [
  {
    text: `${H}C-0=1`,
    code: 'invalid-number',
    column: 15,
    hint: 'without a sign: C0; if the "-" is a flat, as music21 writes it, that is Cb0',
    fixed: undefined,
  },
  { text: `${H}C4=0.3333`, code: 'decimal-duration', column: 17, hint: 'C4=1/3', fixed: undefined },
  {
    text: `${H}E4b=1/4`,
    code: 'invalid-accidental',
    column: 16,
    hint: 'octave: Eb4',
    fixed: `${H}Eb4=1/4`,
  },
  {
    text: `${H}F4#=1/8~ F#4=1/8`,
    code: 'invalid-accidental',
    column: 16,
    hint: 'octave: F#4',
    fixed: `${H}F#4=1/8~ F#4=1/8`,
  },
  {
    text: `${H}D#b5=1/4`,
    code: 'invalid-accidental',
    column: 15,
    hint: 'never both',
    fixed: undefined,
  },
  {
    text: `${H}Dx5=1/4`,
    code: 'invalid-accidental',
    column: 15,
    hint: 'double sharps as ##: D##5',
    fixed: `${H}D##5=1/4`,
  },
  {
    text: `${H}Dis5=1/4`,
    code: 'invalid-accidental',
    column: 15,
    hint: 'as b: D#5',
    fixed: `${H}D#5=1/4`,
  },
  {
    text: `${H}Es4=1/2 Bes3=1/2`,
    code: 'invalid-accidental',
    column: 15,
    hint: 'as b: Eb4',
    fixed: `${H}Eb4=1/2 Bb3=1/2`,
  },
  {
    text: `${H}D５=1/4`,
    code: 'unexpected-character',
    column: 15,
    hint: 'digits 0-9: D5',
    fixed: `${H}D5=1/4`,
  },
  {
    text: `${H}gD5=1/16 C5=1`,
    code: 'invalid-pitch',
    column: 14,
    hint: 'after "=": D5=g1/16',
    fixed: `${H}D5=g1/16 C5=1`,
  },
  {
    text: `${H}C4'=1`,
    code: 'unexpected-character',
    column: 16,
    hint: 'number alone: C4',
    fixed: `${H}C4=1`,
  },
  {
    text: `${H}D+5=1/4`,
    code: 'invalid-accidental',
    column: 15,
    hint: 'sharps as #: D#5',
    fixed: `${H}D#5=1/4`,
  },
  {
    text: `${H}(D5 r)=1/4`,
    code: 'invalid-pitch',
    column: 18,
    hint: 'chord',
    fixed: `${H}(D5)=1/4`,
  },
  {
    text: `${H}(r D5 F5)=1/4`,
    code: 'invalid-pitch',
    column: 15,
    hint: 'chord',
    fixed: `${H}(D5 F5)=1/4`,
  },
  {
    text: `${H}(C4~~ E4)=1/4`,
    code: 'invalid-tie',
    column: 17,
    hint: 'one "~" after the pitch it ties: C4~',
    fixed: `${H}(C4~ E4)=1/4`,
  },
  {
    text: `${H}((D5 F5))=1/4`,
    code: 'nested-chord',
    column: 15,
    hint: 'its pitches: (D5 F5)',
    fixed: `${H}(D5 F5)=1/4`,
  },
  {
    text: `${H}((C4 E4) G4)=1/2`,
    code: 'nested-chord',
    column: 15,
    hint: '(C4 E4 G4)',
    fixed: `${H}(C4 E4 G4)=1/2`,
  },
  {
    text: `${H}(C4 E4=1/2 G4)=1/2`,
    code: 'duration-in-chord',
    column: 20,
    hint: 'remove "=1/2"',
    fixed: `${H}(C4 E4 G4)=1/2`,
  },
  { text: `${H}()=1/4`, code: 'empty-chord', column: 14, hint: 'r=1/4', fixed: `${H}r=1/4` },
  {
    text: `${H}D5=1 # melody`,
    code: 'unexpected-character',
    column: 19,
    hint: '"% melody"',
    fixed: `${H}D5=1\n% melody`,
  },
  {
    text: `${H}D5=1 // melody`,
    code: 'unexpected-character',
    column: 19,
    hint: '"% melody"',
    fixed: `${H}D5=1\n% melody`,
  },
  {
    text: `${H}D5=−1/4`,
    code: 'negative-duration',
    column: 17,
    hint: 'D5=1/4',
    fixed: `${H}D5=1/4`,
  },
  {
    text: `${H}D05=1/4`,
    code: 'invalid-number',
    column: 15,
    hint: 'leading zeros: D5',
    fixed: `${H}D5=1/4`,
  },
  {
    text: `${H}C4=01/4`,
    code: 'invalid-number',
    column: 17,
    hint: 'leading zeros: 1',
    fixed: `${H}C4=1/4`,
  },
  {
    text: `P1\u00a0s1 v1 m1: C4=1`,
    code: 'unexpected-character',
    column: 3,
    hint: 'plain space',
    fixed: `${H}C4=1`,
  },
  {
    text: `${H}C4=1/4\u00a0D4=3/4`,
    code: 'unexpected-character',
    column: 20,
    hint: 'plain space',
    fixed: `${H}C4=1/4 D4=3/4`,
  },
  {
    text: `\`\`\`\n${H}C4=1\n\`\`\`\n`,
    code: 'markdown-fence',
    column: 1,
    hint: 'without the ``` lines',
    fixed: `${H}C4=1`,
  },
  {
    text: `\`\`\`lanes\n${H}C4=1\n\`\`\``,
    code: 'markdown-fence',
    column: 1,
    hint: 'without the ``` lines',
    fixed: `${H}C4=1`,
  },
  {
    text: `// melody\n${H}C4=1`,
    code: 'wrong-comment-marker',
    column: 1,
    hint: '% melody',
    fixed: `${H}C4=1`,
  },
  {
    text: `# melody\n${H}C4=1`,
    code: 'wrong-comment-marker',
    column: 1,
    hint: '% melody',
    fixed: `${H}C4=1`,
  },
  {
    text: `${H}f♯4=0.25`,
    code: 'lowercase-step',
    column: 14,
    hint: 'upper case: F#4',
    fixed: `${H}F#4=1/4`,
  },
  {
    text: `${H}C4=1/4.`,
    code: 'decimal-duration',
    column: 17,
    hint: 'C4=3/8',
    fixed: `${H}C4=3/8`,
  },
  { text: `${H}C4 =1/4`, code: 'missing-equals', column: 14, hint: 'C4=1/4', fixed: `${H}C4=1/4` },
  {
    text: `${H}C4~=1/2 C4=1/2`,
    code: 'invalid-tie',
    column: 16,
    hint: 'C4=1/2~',
    fixed: `${H}C4=1/2~ C4=1/2`,
  },
  { text: `${H}r=g1/4`, code: 'grace-rest', column: 14, hint: 'r=1/4', fixed: `${H}r=1/4` },
  { text: `${H}r=1/4~`, code: 'rest-tie', column: 14, hint: 'remove the "~"', fixed: `${H}r=1/4` },
  {
    text: `${H}r4=1/2 C4=1/2`,
    code: 'invalid-pitch',
    column: 14,
    hint: 'r=1/2',
    fixed: `${H}r=1/2 C4=1/2`,
  },
  { text: `${H}R=1`, code: 'invalid-pitch', column: 14, hint: 'r=1/4', fixed: `${H}r=1` },
  {
    text: `${H}C4=1/4, D4=3/4`,
    code: 'unexpected-character',
    column: 20,
    hint: 'spaces only',
    fixed: `${H}C4=1/4 D4=3/4`,
  },
  {
    text: `${H}C4=1/4D4=3/4`,
    code: 'missing-space',
    column: 20,
    hint: 'put a space',
    fixed: `${H}C4=1/4 D4=3/4`,
  },
  {
    text: `${H}(C4 E4))=1`,
    code: 'unexpected-closing-parenthesis',
    column: 21,
    hint: 'remove this ")"',
    fixed: `${H}(C4 E4)=1`,
  },
];

describe('hints the probe found misleading', () => {
  it.each(probeCases)(
    '$text: $code at column $column',
    ({ text, code, column, line, hint, fixed }) => {
      const result = parse(text);
      expect(result.ok).toBe(false);
      const first = result.issues[0]!;
      expect({ code: first.code, line: first.line, column: first.column }).toEqual({
        code,
        line: line ?? 1,
        column,
      });
      expect(first.hint).toContain(hint);
      // No hint of any issue repeats text the parser refused as a whole event.
      expect(result.issues.map((issue) => issue.code)).not.toContain(
        'missing-equals' === code ? '' : 'missing-equals',
      );
      if (fixed === undefined) {
        expect(first.edit).toBeUndefined();
        return;
      }
      const repaired = parse(applyEdits(text, result.issues));
      expect(repaired.issues).toEqual([]);
      const expected = parse(fixed);
      if (!repaired.ok || !expected.ok) throw new Error('unreachable');
      expect(serialize(repaired.document)).toBe(serialize(expected.document));
    },
  );

  it('gives the enharmonic key that exists, not a fixed example', () => {
    const head = '%% part P1 name="V" staves=1 clefs=treble\n%% time m1 4/4\n%% key m1 C major\n';
    const sharp = parseScoreFile(`${head}%% key m2 D# major\nP1 s1 v1 m1: C4=1\n`);
    expect(sharp.issues[0]?.hint).toContain('D# major is written Eb major');
    const minor = parseScoreFile(`${head}%% key m2 Fb minor\nP1 s1 v1 m1: C4=1\n`);
    expect(minor.issues[0]?.hint).toContain('Fb minor is written E minor');
  });

  it('reports a bad part directive once, without a spurious "declares no part"', () => {
    const result = parseScoreFile(
      '%% part P1 name="Violin" staves=x\n%% time m1 4/4\n%% key m1 C major\nP1 s1 v1 m1: C4=1\n',
    );
    expect(result.issues.map((issue) => issue.code)).toEqual(['invalid-directive']);
  });

  it('never shows an event it could not read as the fix for a missing "="', () => {
    for (const subject of ['()', '(C4~~ E4)', '((D5 F5))', 'D#b5', 'c##4']) {
      const hints = parse(`${H}${subject}`).issues.map((issue) => issue.hint ?? '');
      for (const hint of hints) expect(hint).not.toContain(`${subject}=`);
    }
  });
});

describe('a duration cut off at the end of the text', () => {
  it.each([
    ['P1 s1 v1 m1: C4=59/', 'invalid-duration'],
    ['P1 s1 v1 m1: C4=', 'missing-duration'],
    ['P1 s1 v1 m1: (C4 E4)=1/', 'invalid-duration'],
  ])('%s is %s, not a throw or a zero duration', (text, code) => {
    expect(parse(text).issues.map((issue) => issue.code)).toEqual([code]);
  });
});
