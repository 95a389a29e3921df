/**
 * A real redis-server (Debian's) for the tests, on a free loopback port,
 * with persistence off; stopped by the test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A running redis-server. */
export interface RedisProcess {
  readonly url: string;
  stop(): Promise<void>;
}

/** A port that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `redis-server` on 127.0.0.1 (on `port`, else a free one) and resolves once it accepts connections. */
export async function startRedis(port?: number): Promise<RedisProcess> {
  port ??= await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await readyOrExit(child);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => stopChild(child),
  };
}

function readyOrExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('error', (error) =>
      reject(
        new Error(`redis-server could not start (apt-get install redis-server): ${error.message}`),
      ),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
}

/** Ends a child process and waits for it to exit. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
