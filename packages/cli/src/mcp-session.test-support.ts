/**
 * `scorelane mcp` as an MCP client meets it: a child process started from the
 * command's source, reached over stdio or over HTTP by the SDK's client.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const bin = ['--import', 'tsx', 'src/bin.ts', 'mcp'];

/** A running `scorelane mcp` and a client connected to it. */
export interface McpSession {
  readonly client: Client;
  /** More clients to the same server (HTTP only). */
  connect(): Promise<Client>;
  /** Closes every client and ends the process. */
  close(): Promise<void>;
}

/** `scorelane mcp ...args` over stdio. */
export async function stdioSession(...args: string[]): Promise<McpSession> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [...bin, ...args],
      cwd: packageDir,
      stderr: 'pipe',
    }),
  );
  return {
    client,
    connect: () => Promise.reject(new Error('one client per stdio process')),
    close: () => client.close(),
  };
}

/** `scorelane mcp ...args --http --port 0`, and a client over HTTP to the URL it prints. */
export async function httpSession(...args: string[]): Promise<McpSession> {
  const child = spawn(process.execPath, [...bin, ...args, '--http', '--port', '0'], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await printedUrl(child);
  const clients: Client[] = [];
  const connect = async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    clients.push(client);
    return client;
  };
  const client = await connect();
  return {
    client,
    connect,
    close: async () => {
      await Promise.all(clients.map((c) => c.close()));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function printedUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /MCP endpoint: (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`scorelane mcp exited ${code}: ${err}`)));
  });
}

/** A fresh folder holding `text` as `name`. */
export async function scoreFile(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'scorelane-mcp-'));
  const file = join(dir, name);
  await writeFile(file, text);
  return file;
}

/** The text of a tool result's first block. */
export function firstText(result: { content?: unknown }): string {
  const content = result.content as { text?: string }[] | undefined;
  return content?.[0]?.text ?? '';
}
