/**
 * The README's deployment example, `deploy/instances.sh`, run as the README
 * runs it (only SERVER differs: the sources through tsx instead of the built
 * `dist`): two instances on one PostgreSQL and one Redis, a person on each,
 * their writes converge and are stored, and SIGTERM stops both after saving.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import * as Y from 'yjs';
import { openDocumentStore } from '../src/index.ts';
import { tokenOf, units } from './fixtures.ts';
import { createDatabase, POSTGRES_MISSING } from './postgres-process.ts';
import { connectClient, until } from './provider-client.ts';
import { startRedis } from './redis-process.ts';
import { serverCommand } from './server-process.ts';
import { postgresLeftOut } from './store-backends.ts';

const packageDir = new URL('..', import.meta.url);

describe.skipIf(postgresLeftOut())('deploy/instances.sh (the README deployment example)', () => {
  it('runs two instances on one PostgreSQL and one Redis whose people converge, and stops both on SIGTERM', async () => {
    const adminUrl = inject('postgresAdminUrl');
    if (adminUrl === '') throw new Error(POSTGRES_MISSING);
    const database = await createDatabase(adminUrl);
    const redis = await startRedis();
    const script = spawn('sh', [fileURLToPath(new URL('deploy/instances.sh', packageDir))], {
      env: {
        ...process.env,
        DATABASE_URL: database,
        REDIS_URL: redis.url,
        FIRST_PORT: '0',
        DOC: 'deployed',
        SERVER: serverCommand().join(' '),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    script.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => script.once('exit', resolve));
    try {
      const started = () =>
        [...printed.matchAll(/^Collaboration server: (\S+)$/gm)].map((m) => m[1]!);
      while (started().length < 2 || (printed.match(/^MCP: /gm) ?? []).length < 2) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const token = tokenOf(/^Edit: (\S+)$/m.exec(printed)![1]!);
      const [first, second] = started();
      const one = await connectClient(first!, 'deployed', token);
      const two = await connectClient(second!, 'deployed', token);
      units(one.doc).set('from-one', { voices: [] });
      units(two.doc).set('from-two', { voices: [] });
      await until(one.doc, () => units(one.doc).has('from-two'));
      await until(two.doc, () => units(two.doc).has('from-one'));
      await Promise.all([one.acknowledged(), two.acknowledged()]);
      one.destroy();
      two.destroy();

      script.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(printed.match(/^Stopped: every change is saved\.$/gm)).toHaveLength(2);
      const store = await openDocumentStore({ database });
      const stored = new Y.Doc();
      for (const update of await store.updates('deployed')) Y.applyUpdate(stored, update);
      await store.close();
      expect(units(stored).has('from-one') && units(stored).has('from-two')).toBe(true);
    } finally {
      script.kill('SIGTERM');
      await redis.stop();
    }
  });
});
