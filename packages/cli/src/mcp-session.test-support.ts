/**
 * `scorelane mcp` as an MCP client meets it: a child process started from the
 * command's source, reached over stdio or over HTTP by the SDK's client.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
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
  /** What the process has written to its error stream so far. */
  stderr(): string;
  /** More clients to the same server (HTTP only). */
  connect(): Promise<Client>;
  /** Closes every client and ends the process (once; later calls wait for the same end). */
  close(): Promise<void>;
}

/** `scorelane mcp ...args` over stdio. */
export async function stdioSession(...args: string[]): Promise<McpSession> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...bin, ...args],
    cwd: packageDir,
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  await client.connect(transport);
  return {
    client,
    stderr: () => err,
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
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
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
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let closed: Promise<void> | undefined;
  return {
    client,
    stderr: () => err,
    connect,
    close: () => {
      closed ??= (async () => {
        await Promise.all(clients.map((c) => c.close()));
        child.kill('SIGTERM');
        await exited;
      })();
      return closed;
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

/**
 * `scorelane mcp ...args` over stdio, spoken to line by line (JSON-RPC, no
 * SDK), so a test can signal or kill the process and close its stdin itself.
 */
export interface RawStdioSession {
  readonly child: ChildProcess;
  /** What the process has written to its error stream so far. */
  stderr(): string;
  /** Calls a tool and resolves with its result (`isError`, `content`, `structuredContent`). */
  call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited(): Promise<number | string>;
}

/** Starts `scorelane mcp ...args` and completes the MCP handshake over its stdio. */
export async function rawStdioSession(...args: string[]): Promise<RawStdioSession> {
  const child = spawn(process.execPath, [...bin, ...args], {
    cwd: packageDir,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exit = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const message = JSON.parse(buffered.slice(0, newline)) as Record<string, unknown>;
      buffered = buffered.slice(newline + 1);
      waiting.get(message.id as number)?.(message);
      newline = buffered.indexOf('\n');
    }
  });
  let nextId = 1;
  const request = (method: string, params: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, (message) => {
        waiting.delete(id);
        if (message.error) reject(new Error(JSON.stringify(message.error)));
        else resolve(message.result as Record<string, unknown>);
      });
      void exit.then((code) => reject(new Error(`scorelane mcp exited (${code}): ${err}`)));
      child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  await request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'test', version: '1.0.0' },
  });
  child.stdin?.write(
    `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`,
  );
  return {
    child,
    stderr: () => err,
    call: (name, callArgs) => request('tools/call', { name, arguments: callArgs }),
    exited: () => exit,
  };
}

/**
 * Waits a bounded while (`tries` times 25 ms) until `check` holds, for what
 * `scorelane mcp` does soon after answering (its saves); returns whether it
 * held.
 */
export async function eventually(check: () => Promise<boolean>, tries = 400): Promise<boolean> {
  for (let attempt = 0; attempt < tries; attempt++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

/** Whether the file at `path` comes to hold `text` (saves follow the answer). */
export function comesToHold(path: string, text: string): Promise<boolean> {
  return eventually(async () => {
    const held = await readFile(path, 'utf8').catch(() => '');
    return held.includes(text);
  });
}
