import { access, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { rational, serialize } from '@scorelane/lanes-seq';
import { exportMusicXml } from '@scorelane/musicxml';
import { clefChanges, playOrder, scoreContent, scoreToLanes } from '@scorelane/score-model';
import { afterEach, describe, expect, it } from 'vitest';
import {
  comesToHold,
  eventually,
  type RawStdioSession,
  rawStdioSession,
  scoreFile,
} from './mcp-session.test-support.ts';
import { loadFile } from './score-file-io.ts';
import { TWO_BARS } from './small-scores.test-support.ts';

const running: RawStdioSession[] = [];

afterEach(() => {
  for (const session of running.splice(0)) session.child.kill('SIGKILL');
});

async function start(...args: string[]): Promise<RawStdioSession> {
  const session = await rawStdioSession(...args);
  running.push(session);
  return session;
}

const rewrite = (pitch: string) => ({
  start_measure: 1,
  parts: [1],
  lanes_seq: `P1 s1 v1 m1: ${pitch}=3/4\n`,
});

async function write(session: RawStdioSession, pitch: string): Promise<void> {
  const result = await session.call('rewrite_measures', rewrite(pitch));
  expect(result.isError, JSON.stringify(result.content)).toBe(false);
}

/** The first lane of measure 1 of part 1 as FILE holds it, read as a score (so FILE is whole). */
async function firstBar(file: string): Promise<string> {
  const loaded = await loadFile(file);
  if (loaded.kind !== 'score') throw new Error(`${file} is not a whole score: ${loaded.kind}`);
  const lanes = scoreToLanes(loaded.score);
  const firstMeasure = { lanes: lanes.document.lanes.filter((lane) => lane.measure === 1) };
  return /P1 s1 v1 m1: [^\n]*/.exec(serialize(firstMeasure))?.[0] ?? '';
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

async function temporaryFiles(file: string): Promise<string[]> {
  const prefix = basename(file);
  return (await readdir(dirname(file)))
    .filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'))
    .map((name) => join(dirname(file), name));
}

describe('scorelane mcp saves after answering', () => {
  it('answers a write, then saves it (and keeps the original) soon after, unasked', async () => {
    const file = await scoreFile('two.lanes', TWO_BARS);
    const session = await start(file);
    await write(session, 'A5');
    expect(await comesToHold(file, 'm1: A5=3/4')).toBe(true);
    expect(await readFile(`${file}.orig`, 'utf8')).toBe(TWO_BARS);
    expect(await temporaryFiles(file)).toEqual([]);
  });

  it.each([
    ['SIGINT', (session: RawStdioSession) => session.child.kill('SIGINT')],
    ['SIGTERM', (session: RawStdioSession) => session.child.kill('SIGTERM')],
    ['stdin closed', (session: RawStdioSession) => session.child.stdin?.end()],
  ])('saves the last writes before it exits on %s', async (_name, stop) => {
    const file = await scoreFile('two.lanes', TWO_BARS);
    const session = await start(file);
    await write(session, 'A5');
    await write(session, 'B5');
    stop(session);
    expect(await session.exited()).toBe(0);
    expect(await firstBar(file)).toBe('P1 s1 v1 m1: B5=3/4');
    expect(await readFile(`${file}.orig`, 'utf8')).toBe(TWO_BARS);
    expect(await temporaryFiles(file)).toEqual([]);
  });
});

describe('scorelane mcp and set_clef', () => {
  it.each(['two.lanes', 'two.musicxml'])(
    'saves a clef change into %s, where it reads back as the same change',
    async (name) => {
      const lanes = await scoreFile('source.lanes', TWO_BARS);
      const source = await loadFile(lanes);
      if (source.kind !== 'score') throw new Error('the fixture is not a score');
      const file =
        name === 'two.lanes' ? lanes : await scoreFile(name, exportMusicXml(source.score));
      const session = await start(file);
      const result = await session.call('set_clef', {
        part: 2,
        staff: 2,
        measure: 2,
        onset: '1/4',
        clef: 'treble',
      });
      expect(result.isError, JSON.stringify(result.content)).toBe(false);
      session.child.stdin?.end();
      expect(await session.exited()).toBe(0);
      const saved = await loadFile(file);
      if (saved.kind !== 'score') throw new Error(`${file} is not a whole score: ${saved.kind}`);
      expect(clefChanges(saved.score)).toEqual([
        { part: 2, staff: 2, measure: 2, onset: rational(1, 4), clef: 'treble' },
      ]);
    },
  );
});

describe('scorelane mcp and set_barline', () => {
  it('saves a repeat into a .musicxml file, where it reads back and plays twice', async () => {
    const lanes = await scoreFile('source.lanes', TWO_BARS);
    const source = await loadFile(lanes);
    if (source.kind !== 'score') throw new Error('the fixture is not a score');
    const file = await scoreFile('two.musicxml', exportMusicXml(source.score));
    const session = await start(file);
    const result = await session.call('set_barline', { measure: 2, style: 'repeat-end' });
    expect(result.isError, JSON.stringify(result.content)).toBe(false);
    session.child.stdin?.end();
    expect(await session.exited()).toBe(0);
    const saved = await loadFile(file);
    if (saved.kind !== 'score') throw new Error(`${file} is not a whole score: ${saved.kind}`);
    expect(scoreContent(saved.score).measures[1]?.barlines).toEqual({ end: 'repeat' });
    expect(playOrder(saved.score)).toEqual([1, 2, 1, 2]);
  });

  it('saves a repeat into a .lanes file as a barline directive', async () => {
    const file = await scoreFile('two.lanes', TWO_BARS);
    const session = await start(file);
    const result = await session.call('set_barline', { measure: 2, style: 'repeat-end' });
    expect(result.isError, JSON.stringify(result.content)).toBe(false);
    session.child.stdin?.end();
    expect(await session.exited()).toBe(0);
    expect(await readFile(file, 'utf8')).toContain('%% barline m2 :|\n');
    const saved = await loadFile(file);
    if (saved.kind !== 'score') throw new Error(`${file} is not a whole score: ${saved.kind}`);
    expect(playOrder(saved.score)).toEqual([1, 2, 1, 2]);
  });
});

/** A score of `measures` 4/4 bars for 8 parts, about 45 bytes a unit, so its saves take a while. */
function largeScore(measures: number): string {
  const parts = Array.from(
    { length: 8 },
    (_, index) => `%% part P${index + 1} name="Part ${index + 1}" staves=1 clefs=treble\n`,
  );
  const lines: string[] = [];
  for (let measure = 1; measure <= measures; measure++) {
    for (let part = 1; part <= 8; part++) {
      lines.push(`P${part} s1 v1 m${measure}: C5=1/4 D5=1/4 E5=1/4 F5=1/4\n`);
    }
  }
  return `%% title: Large\n${parts.join('')}%% measures ${measures}\n%% time m1 4/4\n%% key m1 C major\n${lines.join('')}`;
}

describe('scorelane mcp killed mid-save (SIGKILL)', () => {
  it('leaves FILE whole and FILE.orig whole or absent; the next start removes and names the temporary files', async () => {
    const original = largeScore(2000);
    const file = await scoreFile('large.lanes', original);
    const written = ['P1 s1 v1 m1: C5=1/4 D5 E5 F5'];
    const pitches = ['G4', 'A4', 'B4', 'C5', 'D5'];
    for (const [round, pitch] of pitches.entries()) {
      const leftBehind = await temporaryFiles(file);
      const session = await start(file);
      for (const path of leftBehind) {
        expect(await eventually(async () => session.stderr().includes(`removed ${path}`))).toBe(
          true,
        );
      }
      expect(await temporaryFiles(file)).toEqual([]);
      const result = await session.call('rewrite_measures', {
        start_measure: 1,
        parts: [1],
        lanes_seq: `P1 s1 v1 m1: ${pitch}=1\n`,
      });
      expect(result.isError).toBe(false);
      written.push(`P1 s1 v1 m1: ${pitch}=1`);
      // Kill as soon as a save is under way (its temporary file appears), or after a while.
      const deadline = Date.now() + 150 * round;
      while (Date.now() < deadline && (await temporaryFiles(file)).length === 0);
      session.child.kill('SIGKILL');
      expect(await session.exited()).toBe('SIGKILL');
      expect(written).toContain(await firstBar(file));
      if (await exists(`${file}.orig`))
        expect(await readFile(`${file}.orig`, 'utf8')).toBe(original);
    }
    const last = await start(file);
    const result = await last.call('rewrite_measures', {
      start_measure: 1,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m1: A5=1\n',
    });
    expect(result.isError).toBe(false);
    last.child.kill('SIGTERM');
    expect(await last.exited()).toBe(0);
    expect(await firstBar(file)).toBe('P1 s1 v1 m1: A5=1');
    expect(await readFile(`${file}.orig`, 'utf8')).toBe(original);
    expect(await temporaryFiles(file)).toEqual([]);
  }, 600_000); // a guard against a hang, not a speed check: six starts of a 2,000-measure score take minutes on a loaded machine

  it('removes and names a temporary file of a process that is gone, and leaves those of running ones', async () => {
    const file = await scoreFile('two.lanes', TWO_BARS);
    const gone = `${file}.999999999.tmp`;
    const goneOriginal = `${file}.orig.999999999.tmp`;
    const mine = `${file}.${process.pid}.tmp`;
    for (const path of [gone, goneOriginal, mine]) await writeFile(path, 'half a sco');
    const session = await start(file);
    expect(await eventually(async () => session.stderr().includes(`left ${mine}`))).toBe(true);
    expect(session.stderr()).toContain(
      `removed ${gone}, a save that an earlier session did not finish`,
    );
    expect(session.stderr()).toContain(`removed ${goneOriginal}`);
    expect(session.stderr()).toContain(`left ${mine}: its process is still running`);
    expect(await exists(gone)).toBe(false);
    expect(await exists(goneOriginal)).toBe(false);
    expect(await exists(mine)).toBe(true);
  });
});
