/**
 * Real MCP SDK clients for the tests: over Streamable HTTP to a URL, or over
 * stdio to a child process.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/** A client connected over HTTP; `modern` negotiates the 2026-07-28 revision when the server has it. */
export async function httpClient(url: string, modern = false): Promise<Client> {
  const client = new Client(
    { name: 'test-client', version: '1.0.0' },
    modern ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** A client connected over stdio to `node --import tsx SCRIPT ...args`, run in `cwd`. */
export async function stdioClient(script: string, args: string[], cwd: string): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', script, ...args],
      cwd,
      stderr: 'pipe',
    }),
  );
  return client;
}

/** The text of a tool result's first block. */
export function firstText(result: { content?: unknown }): string {
  const content = result.content as { type: string; text?: string }[] | undefined;
  return content?.[0]?.text ?? '';
}
