import { spawn } from 'node:child_process';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatRational } from '@scorelane/lanes-seq';
import { importMusicXml } from '@scorelane/musicxml';
import { readMeasures, type Score, scoreInfo } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { loadFile } from './score-file-io.ts';

/** Runs the real `scorelane` (src/bin.ts) and collects what it prints. */
function scorelane(...argv: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/bin.ts', ...argv], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}

const QUARTET = ['--parts', 'Violin,Viola,Cello', '--time', '3/4', '--key', 'D major'];

function shape(score: Score) {
  const info = scoreInfo(score);
  return {
    title: info.title,
    parts: info.parts.map((part) => `${part.name} ${part.clefs.join('+')}`),
    measures: info.measureCount,
    times: info.times.map((time) => `${time.beats}/${time.beatType}`),
    keys: info.keys.map((key) => `${key.tonic.step}${key.mode}`),
  };
}

describe('scorelane new', () => {
  it.each(['trio.musicxml', 'trio.mxl', 'trio.lanes'])(
    'writes %s, which opens as the score asked for',
    async (name) => {
      const dir = await mkdtemp(join(tmpdir(), 'scorelane-cli-'));
      const file = join(dir, name);
      const made = await scorelane(
        'new',
        file,
        ...QUARTET,
        '--tempo',
        '96',
        '--measures',
        '16',
        '--title',
        'Trio',
      );
      expect(made).toMatchObject({
        code: 0,
        out: `Wrote ${file}: 16 measures for Violin, Viola, Cello.\n`,
      });
      const loaded = await loadFile(file);
      if (loaded.kind !== 'score') throw new Error(`${name} did not open as a score`);
      expect(shape(loaded.score)).toEqual({
        title: 'Trio',
        parts: ['Violin treble', 'Viola alto', 'Cello bass'],
        measures: 16,
        times: ['3/4'],
        keys: ['Dmajor'],
      });
      const first = readMeasures(loaded.score, { start: 1, end: 1, parts: [1] });
      expect(first.ok && first.lanes).toBe('P1 s1 v1 m1: r=3/4\\tempo1/4=96\n');
    },
  );

  it('the .musicxml it writes imports without a warning, the piano on two staves', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scorelane-cli-'));
    const file = join(dir, 'duo.musicxml');
    expect((await scorelane('new', file, '--parts', 'Flute,Piano', '--measures', '4')).code).toBe(
      0,
    );
    const read = importMusicXml(await readFile(file));
    if (!read.ok) throw new Error(read.problems[0]?.message);
    expect(read.warnings).toEqual([]);
    expect(shape(read.score)).toMatchObject({
      parts: ['Flute treble', 'Piano treble+bass'],
      measures: 4,
    });
    expect(formatRational(scoreInfo(read.score).pickups[0]?.length ?? { num: 0, den: 1 })).toBe(
      '0',
    );
  });

  it.each(['band.musicxml', 'band.lanes'])(
    '%s of transposing instruments carries their abbreviations, programs and transpositions',
    async (name) => {
      const dir = await mkdtemp(join(tmpdir(), 'scorelane-cli-'));
      const file = join(dir, name);
      const parts = 'Clarinet,Horn in F,Double Bass';
      expect((await scorelane('new', file, '--parts', parts, '--measures', '2')).code).toBe(0);
      let score: Score;
      if (name.endsWith('.lanes')) {
        const loaded = await loadFile(file);
        if (loaded.kind !== 'score') throw new Error(`${name} did not open as a score`);
        score = loaded.score;
      } else {
        const read = importMusicXml(await readFile(file));
        if (!read.ok) throw new Error(read.problems[0]?.message);
        expect(read.warnings).toEqual([]);
        score = read.score;
      }
      expect(
        scoreInfo(score).parts.map(({ name, abbreviation, transposition, program }) => ({
          name,
          abbreviation,
          transposition,
          program,
        })),
      ).toEqual([
        {
          name: 'Clarinet in B-flat',
          abbreviation: 'Cl.',
          transposition: { chromatic: -2, diatonic: -1 },
          program: 71,
        },
        {
          name: 'Horn in F',
          abbreviation: 'Hn.',
          transposition: { chromatic: -7, diatonic: -4 },
          program: 60,
        },
        {
          name: 'Double Bass',
          abbreviation: 'Cb.',
          transposition: { chromatic: 0, diatonic: 0, octaveChange: -1 },
          program: 43,
        },
      ]);
    },
  );

  it('refuses an unknown instrument or a key that cannot be, and an existing FILE, writing nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scorelane-cli-'));
    const file = join(dir, 'never.musicxml');
    const refused = await scorelane('new', file, '--parts', 'Violin,Kazoo', '--key', 'H major');
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('- "Kazoo" is not an instrument of the table.');
    expect(refused.out).toContain('- "H major" is not a key');
    await expect(stat(file)).rejects.toThrow();
    const twice = join(dir, 'once.lanes');
    expect((await scorelane('new', twice, '--parts', 'Cello')).code).toBe(0);
    const again = await scorelane('new', twice, '--parts', 'Cello');
    expect(again).toMatchObject({
      code: 1,
      out: `Nothing was written: ${twice} exists already. Give a FILE that does not exist.\n`,
    });
  });

  it('refuses a title that set_score_info would refuse (a line break, over 300 characters), writing nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scorelane-cli-'));
    const file = join(dir, 'never.musicxml');
    const refused = await scorelane(
      'new',
      file,
      '--parts',
      'Violin',
      '--title',
      'Op.\n28',
      '--composer',
      'x'.repeat(301),
    );
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('- The title holds a line break or another control character');
    expect(refused.out).toContain('- The composer is 301 characters long, over 300');
    await expect(stat(file)).rejects.toThrow();
  });

  it('scorelane mcp on a missing file says in one line how to create it, and exits 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scorelane-cli-'));
    const file = join(dir, 'missing.musicxml');
    const served = await scorelane('mcp', file);
    expect(served.code).toBe(1);
    expect(served.err).toBe(
      `${file} does not exist; create it first: scorelane new ${JSON.stringify(file)} --parts "Violin,Piano" [--time 4/4] [--key "C major"] [--tempo 96] [--measures 16] [--title T]\n`,
    );
  });
});
