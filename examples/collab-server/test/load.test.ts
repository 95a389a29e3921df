import { describe, expect, it } from 'vitest';
import { startTestServer, tempDatabase, tokenOf } from './fixtures.ts';
import { runLoad } from './load-run.ts';

// A short run of the bench's load (50 clients on one document, loopback only);
// LOAD_SECONDS makes it longer. It asserts what must hold, never a speed.
const seconds = Number(process.env.LOAD_SECONDS ?? 2);

describe('load', () => {
  it('50 clients each rewriting their own measure end with the same document and no write lost', async () => {
    const db = tempDatabase();
    const server = await startTestServer(db.path);
    try {
      const token = tokenOf((await server.links('load')).edit);
      const result = await runLoad(server.url, 'load', token, {
        clients: 50,
        durationMs: seconds * 1000,
        intervalMs: 200,
      });
      expect(result.converged).toBe(true);
      expect(result.lost).toBe(0);
      expect(result.writes).toBeGreaterThanOrEqual(50);
      expect(result.arrivals).toBeGreaterThan(0);
    } finally {
      await server.close();
      db.remove();
    }
  });
});
