import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, inject, it } from 'vitest';
import { installedManifest, runCommand } from './packed-project.ts';

const packed = inject('packed');
const cli = join(packed.dir, 'node_modules', '@scorelane', 'cli', 'bin', 'scorelane.js');

/** Every copy of `name` anywhere under the project's node_modules, by its folder. */
async function copiesOf(name: string): Promise<string[]> {
  const found: string[] = [];
  async function visit(folder: string): Promise<void> {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const path = join(folder, entry.name);
      if (entry.name.startsWith('@')) await visit(path);
      else {
        if (entry.name === name) found.push(path.slice(packed.dir.length + 1));
        await visit(join(path, 'node_modules'));
      }
    }
  }
  await visit(join(packed.dir, 'node_modules'));
  return found;
}

describe('the cli installed beside the oldest supported peers', () => {
  it.each(['yjs', 'zod'])('leaves one copy of %s: the host’s, at its floor', async (peer) => {
    expect(await copiesOf(peer)).toEqual([join('node_modules', peer)]);
    expect((await installedManifest(packed.dir, peer)).version).toBe(packed.floors[peer]);
  });

  it('takes yjs and zod in the ranges the libraries take them as peers', async () => {
    const manifest = await installedManifest(packed.dir, '@scorelane/cli');
    for (const peer of ['yjs', 'zod']) {
      const ranges = new Set<string>();
      for (const entry of packed.packages) {
        const range = (await installedManifest(packed.dir, entry.name)).peerDependencies?.[peer];
        if (range !== undefined) ranges.add(range);
      }
      expect([...ranges]).toEqual([manifest.dependencies?.[peer]]);
    }
  });

  it.each(['--version', '-v'])('prints its version for %s', async (flag) => {
    const { version } = await installedManifest(packed.dir, '@scorelane/cli');
    const { stdout, stderr } = await runCommand(process.execPath, [cli, flag], packed.dir);
    expect({ stdout, stderr }).toEqual({ stdout: `${version}\n`, stderr: '' });
  });

  it('runs as the README sets it up first: npx @scorelane/cli, the published package', async () => {
    const readme = await readFile(
      join(packed.dir, 'node_modules/@scorelane/cli/README.md'),
      'utf8',
    );
    const published = readme.indexOf('"args": ["-y", "@scorelane/cli", "mcp"');
    expect(published).toBeGreaterThan(0);
    expect(published).toBeLessThan(readme.indexOf('packages/cli/bin/scorelane.js'));
    const clone = readme.indexOf('Set-up from a clone');
    for (const setUp of [
      'claude mcp add scorelane -- npx -y @scorelane/cli mcp',
      '-- npx -y @scorelane/cli mcp example',
    ]) {
      expect(readme.indexOf(setUp), setUp).toBeGreaterThan(0);
      expect(readme.indexOf(setUp), setUp).toBeLessThan(clone);
    }
    const { version } = await installedManifest(packed.dir, '@scorelane/cli');
    const { stdout } = await runCommand(
      'npx',
      ['--yes', '--offline', '@scorelane/cli', '-v'],
      packed.dir,
    );
    expect(stdout).toBe(`${version}\n`);
  });

  it('prints what its README shows for the first command it gives', async () => {
    const readme = await readFile(
      join(packed.dir, 'node_modules/@scorelane/cli/README.md'),
      'utf8',
    );
    const command = /^```sh\nnpm install @scorelane\/cli\nnpx (scorelane [^\n]+)\n```$/m.exec(
      readme,
    )?.[1];
    const shown = /^```\n(%[\s\S]*?)\n\.\.\.\n```$/m.exec(readme)?.[1]?.split('\n');
    expect(command).toBe('scorelane read example --measures 8-9');
    const { stdout } = await runCommand(
      'npx',
      ['--no-install', ...command!.split(' ')],
      packed.dir,
    );
    const printed = stdout.split('\n').slice(0, shown!.length);
    // The README shortens the revision (r1.…); the rest is word for word.
    expect(printed.map((line) => line.replace(/^% revision r1\..*$/, '% revision r1.…'))).toEqual(
      shown,
    );
  });

  it('serves `scorelane mcp FILE` to the MCP SDK client over stdio, and applies a rewrite', async () => {
    const file = join(packed.dir, 'song.lanes');
    await writeFile(
      file,
      '%% title: Song\n%% part P1 name="Flute" staves=1 clefs=treble\n%% measures 1\n%% time m1 2/4\n%% key m1 C major\nP1 s1 v1 m1: C4=1/4 D4=1/4\n',
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, 'mcp', file],
      cwd: packed.dir,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: 'packed-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('rewrite_measures');
      const read = await client.callTool({
        name: 'read_measures',
        arguments: { start_measure: 1, end_measure: 1 },
      });
      const { revision, lanes_seq } = read.structuredContent as {
        revision: string;
        lanes_seq: string;
      };
      expect(lanes_seq).toContain('P1 s1 v1 m1: C4=1/4 D4\n');
      const written = await client.callTool({
        name: 'rewrite_measures',
        arguments: { start_measure: 1, parts: [1], lanes_seq: 'P1 s1 v1 m1: E4=1/2\n', revision },
      });
      expect(written.isError ?? false).toBe(false);
      const again = await client.callTool({
        name: 'read_measures',
        arguments: { start_measure: 1, end_measure: 1 },
      });
      expect((again.structuredContent as { lanes_seq: string }).lanes_seq).toContain(
        'P1 s1 v1 m1: E4=1/2',
      );
    } finally {
      await client.close();
    }
    expect(stderr).not.toMatch(/Yjs was already imported|Error/);
  });
});
