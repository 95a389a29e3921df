import { mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScoreFile, serializeScoreFile } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import { exampleScorePath } from './example-score.ts';
import { run } from './run.ts';

async function scorelane(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await run(argv, { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

/** A file of the MusicXML test suite, read in place from the musicxml package's test fixtures. */
function fixture(name: string): string {
  return fileURLToPath(
    new URL(`../../musicxml/test/fixtures/musicxml-testsuite/${name}`, import.meta.url),
  );
}

/** A MuseScore-shaped file written for the musicxml package's tests (slur m1-m2, lyrics, a staccato). */
const MARKS = fileURLToPath(
  new URL('../../musicxml/test/fixtures/cases/musescore-marks.musicxml', import.meta.url),
);

/** A fresh folder holding the two-bar SCORE as two.lanes. */
async function twoBarScore(): Promise<{ dir: string; file: string }> {
  const dir = await tempDir();
  const file = join(dir, 'two.lanes');
  await writeFile(file, SCORE);
  return { dir, file };
}

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'scorelane-cli-'));
}

const SCORE = `%% title: Two bars
%% part P1 name="Flute" staves=1 clefs=treble
%% part P2 name="Piano" staves=2 clefs=treble,bass
%% measures 2
%% time m1 3/4
%% key m1 F major
P1 s1 v1 m1: F5=1/4 E5=1/4 D5=1/4~
P2 s2 v1 m1: F3=3/4
P1 s1 v1 m2: D5=1/2 C5=1/4
`;

describe('scorelane read', () => {
  it('reads the built-in example with context lines', async () => {
    const result = await scorelane('read', 'example', '--measures', '8-9', '--parts', '2');
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '% Ode to Joy (Beethoven, 1824), theme in D major, then in E major: measures 8-9 of 16',
      '% P2 "Piano": 2 staves, clefs treble,bass',
      '% time 4/4 from m8',
      '% key D major from m8, E major from m9',
    ]);
    expect(lines.slice(5)).toEqual([
      'P2 s1 v1 m8: (A4 C#5)=1/2 (A4 D5)',
      'P2 s1 v2 m8: E4=1/2 F#4',
      'P2 s2 v1 m8: A2=1/4 A3 D3=1/2',
      'P2 s1 v1 m9: (B4 E5)=1/2 (B4 E5)',
      'P2 s1 v2 m9: G#4=1/2 G#4',
      'P2 s2 v1 m9: E3=1/4 E4 E3=1/2',
      '',
    ]);
  });

  it.each(['15-20', '1-100', '17'])(
    'exits 1 on a range the score does not have: %s',
    async (range) => {
      const result = await scorelane('read', 'example', '--measures', range);
      expect(result.code).toBe(1);
      const [start, end = start] = range.split('-');
      expect(result.err).toBe(
        `Measures ${start}-${end} are not a range of ${exampleScorePath()}, which has measures 1-16: give --measures within 1-16.\n`,
      );
      expect(result.out).toBe('');
    },
  );
});

describe('scorelane rewrite', () => {
  it('writes an accepted rewrite to -o OUT and reports the repaired tie', async () => {
    const { dir, file } = await twoBarScore();
    const out = join(dir, 'out.lanes');
    const result = await scorelane(
      'rewrite',
      file,
      '--start',
      '2',
      '--parts',
      '1',
      '--lanes-seq',
      'P1 s1 v1 m2: C5=3/4',
      '-o',
      out,
    );
    expect(result).toEqual({
      code: 0,
      out: `Rewrote m1-m2, parts 1 (2 units) into ${out}.\nRepaired: P1 s1 v1 m1 tied D5 into m2, where P1 s1 v1 m2 no longer starts with D5; the tie was removed.\n`,
      err: '',
    });
    expect(await readFile(file, 'utf8')).toBe(SCORE);
    const written = parseScoreFile(await readFile(out, 'utf8'));
    // The score with m2 rewritten and the tie into it removed, as the canonical text writes it.
    const meant = parseScoreFile(
      SCORE.replace('D5=1/4~', 'D5=1/4').replace('m2: D5=1/2 C5=1/4', 'm2: C5=3/4'),
    );
    expect(written.ok && meant.ok && serializeScoreFile(written.score)).toBe(
      meant.ok && serializeScoreFile(meant.score),
    );
    expect(meant.ok && serializeScoreFile(meant.score)).toContain(
      'P1 s1 v1 m1: F5=1/4 E5 D5 | C5=3/4\n',
    );
  });

  it('refuses a rewrite with exit 1 and "Nothing was changed.", leaving every file untouched', async () => {
    const { dir, file } = await twoBarScore();
    const from = join(dir, 'new.lanes');
    await writeFile(from, 'P1 s1 v1 m2: C5=1/2\nP1 s1 v1 m3: C5=3/4\n');
    const before = await stat(file);
    const result = await scorelane('rewrite', file, '--start', '2', '--from', from);
    expect(result.code).toBe(1);
    expect(result.out).toBe(
      [
        'Nothing was changed. 2 problems:',
        '- P1 s1 v1 m2 (line 1, column 1): P1 s1 v1 m2 lasts 1/2, but m2 lasts 3/4 (time 3/4): 1/4 is missing. Fix: Add 1/4 to the lane, for example r=1/4 at its end, or lengthen its events.',
        '- P1 s1 v1 m3 (line 2, column 1): P1 s1 v1 m3 is past the last measure, m2; writing it adds 1 measure. Fix: Allow the measure-count change (--allow-measure-count-change), or remove this lane.',
        '',
      ].join('\n'),
    );
    expect(await readFile(file, 'utf8')).toBe(SCORE);
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs);
  });

  it('adds measures with --allow-measure-count-change, in place', async () => {
    const { file } = await twoBarScore();
    const result = await scorelane(
      'rewrite',
      file,
      '--start',
      '3',
      '--parts',
      '1',
      '--lanes-seq',
      'P1 s1 v1 m3: F5=3/4',
      '--allow-measure-count-change',
    );
    expect(result.code).toBe(0);
    expect(await readFile(file, 'utf8')).toContain('%% measures 3\n');
    expect(await readFile(file, 'utf8')).toContain(' | F5=3/4\n');
  });

  it('reads \\n in --lanes-seq as a line break', async () => {
    const { file } = await twoBarScore();
    const result = await scorelane(
      'rewrite',
      file,
      '--start',
      '1',
      '--parts',
      '1',
      '--lanes-seq',
      'P1 s1 v1 m1: F5=3/4\\nP1 s1 v1 m2: E5=3/4',
    );
    expect(result.code).toBe(0);
    expect(await readFile(file, 'utf8')).toContain(
      'P1 s1 v1 m1: F5=3/4 | E5\nP2 s2 v1 m1: F3=3/4\n',
    );
  });

  it('writes measures in a new time with --time, and exits 2 on a time that is not one', async () => {
    const { file } = await twoBarScore();
    const result = await scorelane(
      'rewrite',
      file,
      '--start',
      '2',
      '--lanes-seq',
      'P1 s1 v1 m2: D5=1/2 C5=1/4 B4\\nP2 s1 v1 m2: r=1\\nP2 s2 v1 m2: r=1',
      '--time',
      '4/4',
    );
    expect(result.code, result.out).toBe(0);
    const saved = await readFile(file, 'utf8');
    expect(saved).toContain('%% time m2 4/4\n');
    const refused = await scorelane(
      'rewrite',
      file,
      '--start',
      '1',
      '--lanes-seq',
      'x',
      '--time',
      'three',
    );
    expect(refused.code).toBe(2);
    expect(refused.err.split('\n')[0]).toBe('--time takes a time signature such as 3/4 or 6/8.');
  });

  it('exits 2 on a usage error', async () => {
    const result = await scorelane('rewrite', 'example', '--start', '1');
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe(
      'rewrite needs exactly one of --lanes-seq TEXT and --from PATH.',
    );
  });
});

describe('scorelane validate', () => {
  it('exits 0 for a clean score', async () => {
    expect(await scorelane('validate', 'example')).toEqual({
      code: 0,
      out: `${exampleScorePath()}: valid, 16 measures.\n`,
      err: '',
    });
  });

  it('exits 1 listing every measure that does not fill or tie that does not land', async () => {
    const dir = await tempDir();
    const file = join(dir, 'bad.lanes');
    await writeFile(file, SCORE.replace('P1 s1 v1 m2: D5=1/2 C5=1/4', 'P1 s1 v1 m2: E5=1/2'));
    expect(await scorelane('validate', file)).toEqual({
      code: 1,
      out: [
        `${file}: 2 problems:`,
        '- P1 s1 v1 m1: P1 s1 v1 m1 event 3 "D5=1/4~" ties D5, but the first event of P1 s1 v1 m2 "E5=1/2" does not hold D5. Fix: Remove the ~ after D5, or make the next event hold D5.',
        '- P1 s1 v1 m2: P1 s1 v1 m2 lasts 1/2, but m2 lasts 3/4 (time 3/4): 1/4 is missing. Fix: Add 1/4 to the lane, for example r=1/4 at its end, or lengthen its events.',
        '',
      ].join('\n'),
      err: '',
    });
  });

  it('exits 1 with the syntax problems of a lanes-seq file', async () => {
    const dir = await tempDir();
    const file = join(dir, 'lanes.lanes');
    await writeFile(file, 'P1 s1 v1 m1: c4=1\n');
    const result = await scorelane('validate', file);
    expect(result.code).toBe(1);
    expect(result.out).toBe(
      `${file}: 1 problem:\n- line 1, column 14: The pitch "c4" has a lower-case step. Hint: pitch steps are upper case: C4\n`,
    );
  });
});

describe('scorelane convert', () => {
  it('writes a .lanes file in canonical form', async () => {
    const dir = await tempDir();
    const out = join(dir, 'ode.lanes');
    const result = await scorelane('convert', 'example', out);
    expect(result.code).toBe(0);
    expect(await readFile(out, 'utf8')).toBe(await readFile(exampleScorePath(), 'utf8'));
  });

  it('writes MusicXML that reads back as the same score', async () => {
    const dir = await tempDir();
    const musicxml = join(dir, 'ode.musicxml');
    expect((await scorelane('convert', 'example', musicxml)).code).toBe(0);
    expect(await readFile(musicxml, 'utf8')).toContain('<score-partwise version="4.0"');
    const back = join(dir, 'ode.lanes');
    expect((await scorelane('convert', musicxml, back)).code).toBe(0);
    const original = parseScoreFile(await readFile(exampleScorePath(), 'utf8'));
    const roundTripped = parseScoreFile(await readFile(back, 'utf8'));
    if (!original.ok || !roundTripped.ok) throw new Error('both files should parse');
    expect(roundTripped.score.document).toEqual(original.score.document);
    expect(roundTripped.score.header.keys).toEqual(original.score.header.keys);
  });

  it('reads a compressed .mxl from the MusicXML test suite', async () => {
    const dir = await tempDir();
    const out = join(dir, 'compressed.lanes');
    const result = await scorelane('convert', fixture('90a-Compressed-MusicXML.mxl'), out);
    expect(result.code).toBe(0);
    expect(parseScoreFile(await readFile(out, 'utf8')).ok).toBe(true);
  });

  it('writes a standard MIDI file, one track per part after the conductor track', async () => {
    const dir = await tempDir();
    const out = join(dir, 'ode.mid');
    expect((await scorelane('convert', 'example', out)).code).toBe(0);
    const bytes = await readFile(out);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('MThd');
    expect(bytes.readUInt16BE(8)).toBe(1); // format 1
    expect(bytes.readUInt16BE(10)).toBe(3); // conductor, violin, piano
  });

  it('refuses a file that is not MusicXML with the reason, and writes nothing', async () => {
    const dir = await tempDir();
    const input = join(dir, 'notes.xml');
    await writeFile(input, '<?xml version="1.0"?><html><body>not a score</body></html>');
    const out = join(dir, 'out.lanes');
    const result = await scorelane('convert', input, out);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^.*notes\.xml is not valid:\n- .*score-partwise/);
    await expect(stat(out)).rejects.toThrow();
  });

  it('writes compressed .mxl that reads back as the same score', async () => {
    const dir = await tempDir();
    const mxl = join(dir, 'ode.mxl');
    expect((await scorelane('convert', 'example', mxl)).code).toBe(0);
    const back = join(dir, 'ode.lanes');
    expect((await scorelane('convert', mxl, back)).code).toBe(0);
    expect(await readFile(back, 'utf8')).toBe(await readFile(exampleScorePath(), 'utf8'));
  });

  it('refuses formats it cannot write or read, with a usage error', async () => {
    const pdf = await scorelane('convert', 'example', 'ode.pdf');
    expect(pdf.code).toBe(2);
    expect(pdf.err.split('\n')[0]).toBe(
      'ode.pdf: scorelane reads .lanes, .musicxml, .xml and .mxl files, and writes those and .mid.',
    );
    const midi = await scorelane('read', 'song.mid');
    expect(midi.code).toBe(2);
    expect(midi.err.split('\n')[0]).toBe(
      'song.mid: scorelane writes MIDI files but does not read them.',
    );
  });
});

/** How many <lyric> elements each measure of a MusicXML text holds. */
function lyricsPerMeasure(xml: string): number[] {
  return xml
    .split(/<measure[\s>]/)
    .slice(1)
    .map((measure) => (measure.match(/<lyric\b/g) ?? []).length);
}

describe('scorelane rewrite on MusicXML', () => {
  it('keeps every lyric when a measure is written again with the same notes', async () => {
    const dir = await tempDir();
    const out = join(dir, 'lyrics.musicxml');
    const input = fixture('61a-Lyrics.xml');
    const read = await scorelane('read', input, '--measures', '2');
    expect(read.code).toBe(0);
    const lane = read.out.split('\n').find((line) => line.startsWith('P1 s1 v1 m2:'))!;
    const result = await scorelane(
      'rewrite',
      input,
      '--start',
      '2',
      '--lanes-seq',
      lane,
      '-o',
      out,
    );
    expect(result.code).toBe(0);
    const before = lyricsPerMeasure(await readFile(input, 'utf8'));
    const after = lyricsPerMeasure(await readFile(out, 'utf8'));
    expect(after.length).toBe(before.length);
    // Measure 2 was written again with the same notes, so its lyrics stay too.
    expect(after).toEqual(before);
    expect(after.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
  });

  it('drops the lyrics of a measure it replaces with other notes, and says so', async () => {
    const dir = await tempDir();
    const out = join(dir, 'lyrics.musicxml');
    const input = fixture('61a-Lyrics.xml');
    const info = await scorelane('read', input, '--measures', '1');
    const time = /% time (\d+)\/(\d+)/.exec(info.out)!;
    const fill = `${time[1]}/${time[2]}`;
    const result = await scorelane(
      'rewrite',
      input,
      '--start',
      '1',
      '--lanes-seq',
      `P1 s1 v1 m1: r=${fill}`,
      '-o',
      out,
    );
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Dropped: P1 s1 v1 m1: event 1 lost the lyric "[^"]+"/m);
    const before = lyricsPerMeasure(await readFile(input, 'utf8'));
    const after = lyricsPerMeasure(await readFile(out, 'utf8'));
    expect(before[0]).toBeGreaterThan(0);
    expect(after[0]).toBe(0);
    expect(after.slice(1)).toEqual(before.slice(1));
  });
});

describe('scorelane: command lines that are wrong', () => {
  it.each([
    [
      ['read', 'example', '--measure', '1-2'],
      'read has no --measure option; did you mean --measures?',
    ],
    [['read', 'example', 'extra'], 'read takes FILE; "extra" is one argument too many.'],
    [['validate', 'example', '--parts', '1'], 'validate has no --parts option.'],
    [['read', 'example', '--parts', '1', '--parts', '2'], '--parts is given twice; give it once.'],
    [
      ['rewrite', 'example', '--start', '1', '--lanes-seq', 'P1 s1 v1 m1: C5=1'],
      'The built-in example is read-only: give -o OUT to write the rewritten score to a file of your own.',
    ],
  ])('%j is a usage error', async (argv, message) => {
    const result = await scorelane(...argv);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe(message);
    expect(result.out).toBe('');
  });

  it('leaves the built-in example as it shipped', async () => {
    const before = await readFile(exampleScorePath(), 'utf8');
    await scorelane('rewrite', 'example', '--start', '1', '--lanes-seq', 'P1 s1 v1 m1: C5=1');
    expect(await readFile(exampleScorePath(), 'utf8')).toBe(before);
  });

  it('says plainly when a path is a folder or missing, with no stack trace', async () => {
    const dir = await tempDir();
    const folder = await scorelane('read', join(dir, '.'), '--measures', '1');
    expect(folder).toMatchObject({ code: 2 });
    const named = join(dir, 'folder.lanes');
    await mkdir(named);
    const asFile = await scorelane('read', named);
    expect(asFile).toEqual({
      code: 1,
      out: '',
      err: `Cannot read ${named}: it is a folder, not a file.\n`,
    });
    const missing = await scorelane('validate', join(dir, 'missing.lanes'));
    expect(missing).toEqual({
      code: 1,
      out: '',
      err: `Cannot read ${join(dir, 'missing.lanes')}: it does not exist.\n`,
    });
    for (const name of ['missing.musicxml', 'missing.mxl']) {
      expect(await scorelane('read', join(dir, name))).toEqual({
        code: 1,
        out: '',
        err: `Cannot read ${join(dir, name)}: it does not exist.\n`,
      });
    }
    const from = await scorelane(
      'rewrite',
      join(dir, 'x.lanes'),
      '--start',
      '1',
      '--from',
      named,
      '-o',
      join(dir, 'y.lanes'),
    );
    expect(from).toEqual({
      code: 1,
      out: '',
      err: `Cannot read ${named}: it is a folder, not a file.\n`,
    });
  });
});

describe('what a rewrite of a MuseScore file loses, in words', () => {
  /** Rewrites m2 of the MuseScore-shaped file into a fresh folder. */
  async function rewriteBar2(lanes: string) {
    const out = join(await tempDir(), 'rewritten.musicxml');
    const result = await scorelane(
      'rewrite',
      MARKS,
      '--start',
      '2',
      '--lanes-seq',
      lanes,
      '-o',
      out,
    );
    expect(result.code).toBe(0);
    return { out: result.out, written: await readFile(out, 'utf8') };
  }

  it('says nothing of layout when the notes are written again as they were', async () => {
    const { out } = await rewriteBar2('P1 s1 v1 m2: F5=1/4 G5=1/4');
    expect(out).not.toContain('Dropped');
    expect(out).not.toContain('default-x');
  });

  it('prints the musical marks of the changed note, and only those', async () => {
    const { out, written } = await rewriteBar2('P1 s1 v1 m2: E5=1/4 G5=1/4');
    expect(out.split('\n').filter((line) => line.startsWith('Dropped'))).toEqual([
      'Dropped: P1 s1 v1 m2: event 1 lost the slur that ran to here from the note in m1, a staccato, the dynamic mf, and the lyric "tle".',
    ]);
    expect(written).not.toContain('<slur ');
  });
});

describe('import warnings', () => {
  /** A score whose part has no name and two ties that tie nothing. */
  const UNNAMED = `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0"><part-list><score-part id="P1"><part-name/></score-part></part-list>
<part id="P1"><measure number="1"><attributes><divisions>1</divisions><time><beats>2</beats><beat-type>4</beat-type></time></attributes>
<note><pitch><step>C</step><octave>4</octave></pitch><duration>1</duration><tie type="start"/><type>quarter</type></note>
<note><pitch><step>E</step><octave>4</octave></pitch><duration>1</duration><tie type="start"/><type>quarter</type></note>
</measure></part></score-partwise>`;

  async function unnamedFile(): Promise<string> {
    const file = join(await tempDir(), 'unnamed.musicxml');
    await writeFile(file, UNNAMED);
    return file;
  }

  it('prints one line with the count and the first, once per file', async () => {
    const file = await unnamedFile();
    const result = await scorelane('read', file);
    expect(result.code).toBe(0);
    const lines = result.err.split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^.*unnamed\.musicxml: 2 warnings; the first: Part 1, measure 1: a <tie type="start"\/> on C4 .*\(--verbose lists them all\)$/,
    );
  });

  it('prints every warning with --verbose, each placed once', async () => {
    const file = await unnamedFile();
    const result = await scorelane('read', file, '--verbose');
    const lines = result.err.split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.includes(': warning: Part 1, measure 1: a <tie'))).toBe(true);
  });

  it('names a part without a name "(unnamed)"', async () => {
    const result = await scorelane('read', await unnamedFile());
    expect(result.out).toContain('% P1 (unnamed): 1 staff, clefs treble');
  });
});
