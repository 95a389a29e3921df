#!/usr/bin/env node
// CI's check of `npm start`, the README's first command: starts it (an
// OS-picked port, a database in a temporary folder), waits for its `Edit:`,
// `View:` and `MCP:` lines, fetches the Edit link (200, HTML) and
// initializes an MCP session at the MCP link, then stops it as Ctrl+C does
// (SIGINT to its process group) and expects the server to save and stop.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const folder = mkdtempSync(join(tmpdir(), 'scorelane-start-'));
const LABELS = ['Edit', 'View', 'MCP'];

function fail(message, output) {
  console.error(`check-start: ${message}\n--- npm start printed:\n${output}`);
  process.exitCode = 1;
}

const child = spawn('npm', ['start', '--silent'], {
  env: { ...process.env, PORT: '0', DATABASE: join(folder, 'start.db') },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true, // its own process group, which SIGINT reaches as Ctrl+C does
});
let output = '';
child.stdout.on('data', (chunk) => {
  output += chunk;
});
child.stderr.on('data', (chunk) => {
  output += chunk;
});
const exited = new Promise((resolve) =>
  child.on('exit', (code, signal) => resolve({ code, signal })),
);

/** The three links, once `npm start` printed them; null if it exited first. */
async function links() {
  for (;;) {
    const found = Object.fromEntries(
      LABELS.map((label) => [label, output.match(new RegExp(`^${label}: (\\S+)$`, 'm'))?.[1]]),
    );
    if (LABELS.every((label) => found[label] !== undefined)) return found;
    const ended = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 200))]);
    if (ended !== undefined) return null;
  }
}

try {
  const found = await links();
  if (found === null) {
    fail('npm start exited before printing Edit:, View: and MCP: lines', output);
  } else {
    const page = await fetch(found.Edit);
    const type = page.headers.get('content-type') ?? '';
    const html = await page.text();
    if (page.status !== 200 || !type.startsWith('text/html') || !html.includes('<html')) {
      fail(`the Edit link answered ${page.status} ${type}, not an HTML page`, output);
    }
    const mcp = await fetch(found.MCP, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'check-start', version: '1.0.0' },
        },
      }),
    });
    const answer = await mcp.text();
    if (mcp.status !== 200 || !answer.includes('"serverInfo"')) {
      fail(`the MCP link answered initialize with ${mcp.status}: ${answer.slice(0, 300)}`, output);
    }
    if (process.exitCode !== 1) {
      console.log(`npm start printed the links; Edit served the editor, MCP answered initialize.`);
    }
  }
} finally {
  if (child.exitCode === null) process.kill(-child.pid, 'SIGINT');
  const { code, signal } = await exited;
  // npm itself ends by the SIGINT it was sent; the server must have closed and saved first.
  const clean =
    (code === 0 || signal === 'SIGINT') && output.includes('Stopped: every change is saved.');
  if (!clean && process.exitCode !== 1) {
    fail(
      `npm start ended with ${signal ?? `exit ${code}`} on SIGINT without saying it saved`,
      output,
    );
  }
  rmSync(folder, { recursive: true, force: true });
}
