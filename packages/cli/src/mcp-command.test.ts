import { spawn } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { formatGuide } from '@scorelane/lanes-seq';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleScorePath } from './example-score.ts';
import {
  comesToHold,
  firstText,
  httpSession,
  type McpSession,
  scoreFile,
  stdioSession,
} from './mcp-session.test-support.ts';
import { run } from './run.ts';
import { TWO_BARS } from './small-scores.test-support.ts';

const sessions: McpSession[] = [];

async function open(kind: 'stdio' | 'http', ...args: string[]) {
  const session = await (kind === 'stdio' ? stdioSession(...args) : httpSession(...args));
  sessions.push(session);
  return session;
}

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Calls `name` and returns its structured output, failing the test on an error result. */
async function call(session: McpSession, name: string, args: Record<string, unknown>) {
  const result = await session.client.callTool({ name, arguments: args });
  expect(result.isError, firstText(result)).toBe(false);
  return result.structuredContent as Record<string, unknown> & { revision: string };
}

const rewrite = (text: string, extra: Record<string, unknown> = {}) => ({
  start_measure: 1,
  parts: [1],
  lanes_seq: `P1 s1 v1 m1: ${text}\n`,
  ...extra,
});

describe.each(['stdio', 'http'] as const)('scorelane mcp over %s', (kind) => {
  it('lists the score tools and the format guide, and saves each change, keeping the original', async () => {
    const file = await scoreFile('two.lanes', TWO_BARS);
    const session = await open(kind, file);
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['get_score_info', 'read_measures', 'rewrite_measures', 'undo']),
    );
    const guide = await session.client.readResource({ uri: 'scorelane://guide/lanes-seq' });
    expect(guide.contents[0]).toMatchObject({ text: formatGuide() });

    const read = await call(session, 'read_measures', { start_measure: 1, end_measure: 2 });
    expect(read.lanes_seq).toContain('P1 s1 v1 m1: F5=1/4 E5 D5');
    await call(session, 'rewrite_measures', rewrite('A5=3/4', { revision: read.revision }));
    expect(await comesToHold(file, 'P1 s1 v1 m1: A5=3/4')).toBe(true);
    expect(await readFile(`${file}.orig`, 'utf8')).toBe(TWO_BARS);
  });

  it('leaves the file byte for byte after a refused rewrite, through the end of the session', async () => {
    const file = await scoreFile('two.lanes', TWO_BARS);
    const session = await open(kind, file);
    const refused = await session.client.callTool({
      name: 'rewrite_measures',
      arguments: rewrite('A5=1/4'),
    });
    expect(refused.isError).toBe(true);
    expect(firstText(refused)).toMatch(/^Nothing was changed\./);
    await session.close();
    expect(await readFile(file, 'utf8')).toBe(TWO_BARS);
    expect(await exists(`${file}.orig`)).toBe(false);
  });

  it('saves two rewrites less one undo', async () => {
    const file = await scoreFile('two.lanes', TWO_BARS);
    const session = await open(kind, file);
    await call(session, 'rewrite_measures', rewrite('A5=3/4'));
    await call(session, 'rewrite_measures', rewrite('G5=3/4'));
    expect(await comesToHold(file, 'P1 s1 v1 m1: G5=3/4')).toBe(true);
    await call(session, 'undo', {});
    expect(await comesToHold(file, 'P1 s1 v1 m1: A5=3/4')).toBe(true);
    expect(await readFile(file, 'utf8')).toContain('P1 s1 v1 m1: A5=3/4 | D5=1/2 C5=1/4\n');
    expect(await readFile(`${file}.orig`, 'utf8')).toBe(TWO_BARS);
  });

  it('refuses a stale write and replays an idempotent retry without writing twice', async () => {
    const file = await scoreFile('two.lanes', TWO_BARS);
    const session = await open(kind, file);
    const { revision } = await call(session, 'read_measures', { start_measure: 1, end_measure: 1 });
    const first = rewrite('A5=3/4', { revision, idempotency_key: 'k-1' });
    const applied = await call(session, 'rewrite_measures', first);
    expect(await comesToHold(file, 'P1 s1 v1 m1: A5=3/4')).toBe(true);
    const afterFirst = await readFile(file, 'utf8');
    const retried = await call(session, 'rewrite_measures', first);
    expect(retried).toEqual(applied);

    const stale = await session.client.callTool({
      name: 'rewrite_measures',
      arguments: rewrite('B5=3/4', { revision }),
    });
    expect(stale.isError).toBe(true);
    expect(firstText(stale)).toMatch(/^Nothing was changed\./);
    expect(firstText(stale)).toContain('stale');
    await session.close();
    expect(await readFile(file, 'utf8')).toBe(afterFirst);
  });

  it('applies exactly one of 8 concurrent writes carrying one revision', async () => {
    const file = await scoreFile('two.lanes', TWO_BARS);
    const session = await open(kind, file);
    const { revision } = await call(session, 'read_measures', { start_measure: 1, end_measure: 1 });
    const clients =
      kind === 'http'
        ? await Promise.all(Array.from({ length: 8 }, () => session.connect()))
        : Array.from({ length: 8 }, () => session.client);
    const pitches = ['C5', 'D5', 'E5', 'F5', 'G5', 'A5', 'B5', 'C6'];
    const results = await Promise.all(
      clients.map((client, i) =>
        client.callTool({
          name: 'rewrite_measures',
          arguments: rewrite(`${pitches[i]}=3/4`, { revision }),
        }),
      ),
    );
    const applied = results.flatMap((result, i) => (result.isError === false ? [i] : []));
    expect(applied).toHaveLength(1);
    for (const result of results.filter((r) => r.isError === true)) {
      expect(firstText(result)).toMatch(/^Nothing was changed\./);
    }
    expect(await comesToHold(file, `P1 s1 v1 m1: ${pitches[applied[0]!]}=3/4`)).toBe(true);
  });

  it('--read-only serves the viewer tools and writes nothing', async () => {
    const file = await scoreFile('two.lanes', TWO_BARS);
    const session = await open(kind, file, '--read-only');
    const names = (await session.client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('read_measures');
    expect(names).not.toContain('rewrite_measures');
    const refused = await session.client.callTool({
      name: 'rewrite_measures',
      arguments: rewrite('A5=3/4'),
    });
    expect(refused.isError).toBe(true);
    expect(firstText(refused)).toContain('The viewer role may not call rewrite_measures.');
    await session.close();
    expect(await readFile(file, 'utf8')).toBe(TWO_BARS);
  });
});

describe('scorelane mcp over stdio: messages over the size limit', () => {
  it('answers an 11 MiB incoming line with a JSON-RPC error, says so on stderr, and goes on serving', async () => {
    const file = await scoreFile('two.lanes', TWO_BARS);
    const session = await open('stdio', file);
    const huge = session.client.callTool({
      name: 'rewrite_measures',
      arguments: rewrite('A5=3/4 '.repeat(1_600_000)),
    });
    await expect(huge).rejects.toThrow(/one MCP message over stdio may hold; it was not read/);
    await call(session, 'read_measures', { start_measure: 1, end_measure: 1 });
    expect(session.stderr()).toMatch(/scorelane mcp: Skipped an incoming message of \d+ bytes/);
    expect(await readFile(file, 'utf8')).toBe(TWO_BARS);
  });

  it('ends with exit 0 on SIGTERM while the client still holds stdin open', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/bin.ts', 'mcp', 'example'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // An answer comes only once it serves, and so handles signals.
    const answered = new Promise((resolve) => child.stdout.once('data', resolve));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: {} })}\n`);
    await answered;
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('exports a large score (4.5 MB of MusicXML) as a file beside FILE, links to it, and keeps it out of the answer', async () => {
    const bar = 'C5=1/16 D5=1/16 E5=1/16 F5=1/16 '.repeat(4).trim();
    const measures = Array.from({ length: 1500 }, (_, i) => `P1 s1 v1 m${i + 1}: ${bar}`);
    const header =
      '%% part P1 name="Flute" staves=1 clefs=treble\n%% measures 1500\n%% time m1 4/4\n%% key m1 C major\n';
    const file = await scoreFile('long.lanes', `${header}${measures.join('\n')}\n`);
    const session = await open('stdio', file);
    const exported = await session.client.callTool({
      name: 'export_score',
      arguments: { format: 'musicxml', inline: true },
    });
    expect(exported.isError, firstText(exported)).toBe(false);
    const link = (exported.content as { type: string; uri?: string; size?: number }[])[1];
    expect(link).toMatchObject({ type: 'resource_link', name: 'long.export.musicxml' });
    const written = await readFile(fileURLToPath(link!.uri!));
    expect(written.length).toBe(link!.size);
    expect(written.toString()).toContain('<measure number="1500"');
    expect(firstText(exported)).toContain('too large to put inline');
    await call(session, 'read_measures', { start_measure: 1, end_measure: 1 });
  });
});

describe('scorelane mcp --measures (a scoped run)', () => {
  it('serves a catalog whose writes are limited to the range, says so, and refuses a write outside it', async () => {
    const file = await scoreFile('two.lanes', TWO_BARS);
    const session = await open('stdio', file, '--measures', '2', '--parts', '1');
    const { tools } = await session.client.listTools();
    const rewriteTool = tools.find((tool) => tool.name === 'rewrite_measures');
    expect(rewriteTool?.description).toContain('you may write only inside measure 2, part 1');
    const info = await call(session, 'get_score_info', {});
    expect(info.write_scope).toEqual({
      label: 'measure 2, part 1',
      data: { measures: { start: 2, end: 2 }, parts: [1] },
    });
    // Reads are not limited.
    const read = await call(session, 'read_measures', { start_measure: 1, end_measure: 2 });
    expect(read.lanes_seq).toContain('P1 s1 v1 m1: F5=1/4 E5 D5');

    const outside = await session.client.callTool({
      name: 'rewrite_measures',
      arguments: rewrite('A5=3/4'),
    });
    expect(outside.isError).toBe(true);
    expect(firstText(outside).split('\n').slice(0, 2)).toEqual([
      'Nothing was changed.',
      'rewrite_measures would write outside your scope (measure 2, part 1); you may write only there.',
    ]);
    expect(await readFile(file, 'utf8')).toBe(TWO_BARS);

    await call(session, 'rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m2: C5=3/4\n',
    });
    expect(await comesToHold(file, ' | C5=3/4\n')).toBe(true);
    expect(session.stderr()).toContain('writes limited to measure 2, part 1, reads anywhere');
  });
});

describe('scorelane mcp: command lines and files it refuses', () => {
  async function scorelane(...argv: string[]) {
    let err = '';
    const code = await run(argv, { out: () => undefined, err: (text) => (err += text) });
    return { code, firstLine: err.split('\n')[0] };
  }

  it.each([
    [['mcp', '--port', '8700'], '--port is for --http; over stdio there is no port.'],
    [
      ['mcp', '--http', '--port', 'eighty'],
      '--port takes a port number from 0 to 65535, not "eighty".',
    ],
    [
      ['mcp', '--http', '--port', '70000'],
      '--port takes a port number from 0 to 65535, not "70000".',
    ],
    [
      ['mcp', '--read-onyl', 'song.lanes'],
      'mcp has no --read-onyl option; did you mean --read-only?',
    ],
    [['mcp', 'a.lanes', 'b.lanes'], 'mcp takes FILE; "b.lanes" is one argument too many.'],
    [
      ['mcp', '--parts', '1'],
      '--parts limits the writes of a --measures range; give --measures too.',
    ],
    [['mcp', '--measures', '8-5'], '--measures 8-5 ends before it starts.'],
  ])('exits 2 on %j', async (argv, message) => {
    expect(await scorelane(...argv)).toEqual({ code: 2, firstLine: message });
  });

  it('exits 1 for a file that is not a score, serving nothing', async () => {
    const file = await scoreFile('bars.lanes', 'P1 s1 v1 m1: C4=1\n');
    expect(await scorelane('mcp', file)).toEqual({
      code: 1,
      firstLine: `${file} has no %% header (parts, time, key), so it is not a score to serve.`,
    });
  });
});

describe('scorelane mcp and its file', () => {
  it('serves the built-in example without FILE, in memory, leaving it as shipped', async () => {
    const shipped = await readFile(exampleScorePath(), 'utf8');
    const session = await open('stdio');
    const info = await call(session, 'get_score_info', {});
    expect(JSON.stringify(info)).toContain('Ode to Joy');
    await call(session, 'rewrite_measures', {
      start_measure: 1,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m1: D5=1\n',
    });
    const read = await call(session, 'read_measures', {
      start_measure: 1,
      end_measure: 1,
      parts: [1],
    });
    expect(read.lanes_seq).toContain('P1 s1 v1 m1: D5=1');
    expect(await readFile(exampleScorePath(), 'utf8')).toBe(shipped);
    expect(await exists(`${exampleScorePath()}.orig`)).toBe(false);
  });

  it('--no-save keeps changes in memory', async () => {
    const file = await scoreFile('two.lanes', TWO_BARS);
    const session = await open('stdio', file, '--no-save');
    await call(session, 'rewrite_measures', rewrite('A5=3/4'));
    const read = await call(session, 'read_measures', { start_measure: 1, end_measure: 1 });
    expect(read.lanes_seq).toContain('P1 s1 v1 m1: A5=3/4');
    await session.close();
    expect(await readFile(file, 'utf8')).toBe(TWO_BARS);
    expect(await exists(`${file}.orig`)).toBe(false);
  });

  it('keeps what a MusicXML file holds beyond the notes (a lyric) when it saves a rewrite elsewhere', async () => {
    const file = await scoreFile('song.musicxml', SONG);
    const session = await open('stdio', file);
    await call(session, 'rewrite_measures', {
      start_measure: 1,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m1: D4=1\n',
    });
    await session.close();
    const saved = await readFile(file, 'utf8');
    expect(saved).toContain('<step>D</step>');
    expect(saved).toContain('<text>la</text>');
    expect(await readFile(`${file}.orig`, 'utf8')).toBe(SONG);
  });
});

const SONG = `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0">
  <part-list><score-part id="P1"><part-name>Voice</part-name></score-part></part-list>
  <part id="P1">
    <measure number="1">
      <attributes><divisions>1</divisions><key><fifths>0</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>
      <note><pitch><step>C</step><octave>4</octave></pitch><duration>4</duration><type>whole</type></note>
    </measure>
    <measure number="2">
      <note><pitch><step>E</step><octave>4</octave></pitch><duration>4</duration><type>whole</type><lyric><syllabic>single</syllabic><text>la</text></lyric></note>
    </measure>
  </part>
</score-partwise>
`;
