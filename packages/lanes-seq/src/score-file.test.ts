import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { arbitraryDocument } from './arbitrary-document.test-support.ts';
import type { IssueCode } from './issue.ts';
import { rational } from './rational.ts';
import { parseScoreFile } from './score-file.ts';
import { CLEFS, keyFifths, SCORE_FILE_TEXTS, type ScoreFile } from './score-header.ts';
import { serializeScoreFile } from './serialize-score-file.ts';

const HEADER = [
  '%% title: Ode',
  '%% part P1 name="Violin" staves=1 clefs=treble',
  '%% part P2 name="Piano" staves=2 clefs=treble,bass',
  '%% time m1 4/4',
  '%% key m1 G major',
].join('\n');

describe('parseScoreFile', () => {
  it('reads directives and lanes together', () => {
    const result = parseScoreFile(`${HEADER}\nP1 s1 v1 m1: D4=1\nP2 s2 v1 m1: G2=1\n`);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.score.header.parts.map((part) => part.name)).toEqual(['Violin', 'Piano']);
    expect(result.score.document.lanes).toHaveLength(2);
  });

  it('keeps escaped quotes in part names', () => {
    const result = parseScoreFile(
      '%% part P1 name="The \\"Big\\" Horn" staves=1 clefs=treble\n%% time m1 4/4\n%% key m1 C major\n',
    );
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.score.header.parts[0]!.name).toBe('The "Big" Horn');
  });

  it('reads a part name holding a backslash and an n before a % as text, not as an escaped line break', () => {
    // Found by the round-trip property: the name `\n%` is written escaped, `"\\n%"`.
    const text =
      '%% part P1 name="\\\\n%" staves=1 clefs=treble\n%% part P2 name="x" staves=1 clefs=treble\n%% time m1 4/4\n%% key m1 C major\nP1 s1 v1 m1: D4=1\n';
    const result = parseScoreFile(text);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.score.header.parts[0]!.name).toBe('\\n%');
    expect(serializeScoreFile(result.score)).toContain('name="\\\\n%"');
  });

  const problems: ReadonlyArray<readonly [string, string, IssueCode, number]> = [
    ['an unknown directive', `${HEADER}\n%% tempo m1 120`, 'unknown-directive', 6],
    ['a part out of order', `${HEADER}\n%% part P4 name="Flute"`, 'invalid-directive', 6],
    [
      'an unknown clef',
      '%% part P1 name="Viola" staves=1 clefs=viola\n%% time m1 4/4\n%% key m1 C major',
      'invalid-directive',
      1,
    ],
    [
      'more staves than clefs',
      '%% part P1 name="Piano" staves=2 clefs=treble\n%% time m1 4/4\n%% key m1 C major',
      'invalid-directive',
      1,
    ],
    ['a time signature with a beat type of 3', `${HEADER}\n%% time m5 4/3`, 'invalid-directive', 6],
    ['a time signature without a measure', `${HEADER}\n%% time 3/4`, 'invalid-directive', 6],
    [
      'a key with a mode that is not major or minor',
      `${HEADER}\n%% key m3 D dorian`,
      'invalid-directive',
      6,
    ],
    ['a key with eight sharps', `${HEADER}\n%% key m3 G# major`, 'invalid-directive', 6],
    ['two time signatures in one measure', `${HEADER}\n%% time m1 3/4`, 'duplicate-directive', 6],
    ['two titles', `${HEADER}\n%% title: Again`, 'duplicate-directive', 6],
    [
      'no time at m1',
      '%% part P1 name="Violin"\n%% key m1 C major\n%% time m2 3/4',
      'missing-directive',
      1,
    ],
    ['no key at m1', '%% part P1 name="Violin"\n%% time m1 4/4', 'missing-directive', 1],
    ['no part', '%% time m1 4/4\n%% key m1 C major', 'missing-directive', 1],
    ['a lane for an undeclared part', `${HEADER}\nP3 s1 v1 m1: C4=1`, 'undeclared-part', 6],
    ['a lane for a staff the part lacks', `${HEADER}\nP1 s2 v1 m1: C4=1`, 'undeclared-part', 6],
    [
      'a lane past the measure count',
      `${HEADER}\n%% measures 2\nP1 s1 v1 m3: C4=1`,
      'measure-out-of-range',
      7,
    ],
    ['a pickup as long as its measure', `${HEADER}\n%% pickup m1 1`, 'invalid-directive', 6],
    ['a bad lane', `${HEADER}\nP1 s1 v1 m1: c4=1`, 'lowercase-step', 6],
    ['a title without its colon', `${HEADER}\n%% title Again`, 'invalid-directive', 6],
    ['a part declared twice', `${HEADER}\n%% part P1 name="Flute"`, 'duplicate-directive', 6],
  ];

  it.each(problems)('reports %s', (_name, text, code, line) => {
    const result = parseScoreFile(text);
    expect(result.ok).toBe(false);
    expect(result.issues.map((issue) => [issue.code, issue.line])).toContainEqual([code, line]);
    for (const issue of result.issues) expect(issue.hint).toBeTruthy();
  });

  it('reports every directive past the measure count, each on its own line', () => {
    const result = parseScoreFile(
      `${HEADER}\n%% measures 2\n%% key m5 D major\n%% time m7 3/4\n%% pickup m2 1/4`,
    );
    expect(result.issues.map((issue) => [issue.code, issue.line])).toEqual([
      ['measure-out-of-range', 7],
      ['measure-out-of-range', 8],
    ]);
  });

  it('writes a title trimmed, as it reads it back, and an empty title without a trailing space', () => {
    const header = { parts: [], times: [], keys: [], pickups: [] };
    expect(
      serializeScoreFile({ header: { ...header, title: '  Ode  ' }, document: { lanes: [] } }),
    ).toBe('%% title: Ode\n');
    expect(serializeScoreFile({ header: { ...header, title: '' }, document: { lanes: [] } })).toBe(
      '%% title:\n',
    );
  });

  it('computes key signatures from tonic and mode', () => {
    expect(keyFifths({ step: 'A', alter: 0 }, 'minor')).toBe(0);
    expect(keyFifths({ step: 'F', alter: 1 }, 'minor')).toBe(3);
    expect(keyFifths({ step: 'E', alter: -1 }, 'major')).toBe(-3);
    expect(keyFifths({ step: 'C', alter: 1 }, 'major')).toBe(7);
  });
});

const arbitraryScoreFile: fc.Arbitrary<ScoreFile> = fc
  .record({
    title: fc.option(
      fc.string({ unit: 'grapheme-ascii', maxLength: 20 }).map((t) => t.trim()),
      { nil: undefined },
    ),
    texts: fc.record(
      Object.fromEntries(
        SCORE_FILE_TEXTS.filter((field) => field !== 'title').map((field) => [
          field,
          fc.string({ unit: 'grapheme-ascii', maxLength: 12 }).map((t) => t.trim()),
        ]),
      ),
      { requiredKeys: [] },
    ),
    parts: fc.array(
      fc.integer({ min: 1, max: 2 }).chain((staves) =>
        fc.record(
          {
            name: fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
            abbreviation: fc
              .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 6 })
              .map((t) => t.trim())
              .filter((t) => t !== ''),
            staves: fc.constant(staves),
            clefs: fc.array(fc.constantFrom(...CLEFS), { minLength: staves, maxLength: staves }),
            program: fc.integer({ min: 0, max: 127 }),
            transpose: fc.constantFrom('-M2', '-P5', 'P8', '-M9', '-m3', '-3,-1', '2,1,-1'),
          },
          { requiredKeys: ['name', 'staves', 'clefs'] },
        ),
      ),
      { minLength: 4, maxLength: 4 },
    ),
    timeMeasures: fc.uniqueArray(fc.integer({ min: 2, max: 40 }), { maxLength: 3 }),
    barlines: fc.uniqueArray(
      fc.record(
        {
          measure: fc.integer({ min: 1, max: 40 }),
          repeatStart: fc.constant(true as const),
          voltaStart: fc
            .uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 })
            .map((numbers) => numbers.sort((a, b) => a - b)),
          voltaEnd: fc.constantFrom('closed' as const, 'open' as const),
          end: fc.constantFrom('repeat' as const, 'double' as const, 'final' as const),
        },
        { requiredKeys: ['measure', 'end'] },
      ),
      { selector: (barline) => barline.measure, maxLength: 4 },
    ),
    document: arbitraryDocument,
  })
  .map(({ title, texts, parts, timeMeasures, barlines, document }) => ({
    header: {
      ...(title === undefined ? {} : { title }),
      ...texts,
      parts,
      measures: 40,
      times: [1, ...timeMeasures]
        .sort((a, b) => a - b)
        .map((measure) => ({ measure, beats: 3, beatType: 8 })),
      keys: [
        {
          measure: 1,
          tonic: { step: 'B' as const, alter: -1 as const },
          mode: 'major' as const,
          fifths: -2,
        },
      ],
      pickups: timeMeasures.length > 0 ? [{ measure: 1, length: rational(1, 8) }] : [],
      ...(barlines.length > 0
        ? { barlines: [...barlines].sort((a, b) => a.measure - b.measure) }
        : {}),
    },
    document: {
      lanes: document.lanes.filter((lane) => lane.staff <= parts[lane.part - 1]!.staves),
    },
  }));

describe('serializeScoreFile (property)', () => {
  test.prop([arbitraryScoreFile], { numRuns: 200 })(
    'parseScoreFile(serializeScoreFile(file)) gives the file back',
    (file) => {
      const result = parseScoreFile(serializeScoreFile(file));
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      expect(result.score.header).toEqual(file.header);
      expect(serializeScoreFile(result.score)).toBe(serializeScoreFile(file));
    },
  );

  it('refuses a part whose program or transposition could not be read back, as misuse', () => {
    const file = (part: object) => ({
      header: {
        parts: [{ name: 'Horn', staves: 1, clefs: ['treble' as const], ...part }],
        times: [],
        keys: [],
        pickups: [],
      },
      document: { lanes: [] },
    });
    expect(() => serializeScoreFile(file({ program: 128 }))).toThrow(TypeError);
    expect(() => serializeScoreFile(file({ transpose: 'P3' }))).toThrow(TypeError);
    expect(serializeScoreFile(file({ program: 60, transpose: '-P5' }))).toContain(
      '%% part P1 name="Horn" staves=1 clefs=treble program=60 transpose=-P5\n',
    );
  });

  it('refuses a title with a line break, as misuse', () => {
    expect(() =>
      serializeScoreFile({
        header: { title: 'a\nb', parts: [], times: [], keys: [], pickups: [] },
        document: { lanes: [] },
      }),
    ).toThrow(TypeError);
  });
});
