import { openScore, ROOT_NAMES, validate } from '@scorelane/score-model';
import { afterEach, describe, expect, it } from 'vitest';
import { openAgentSession } from '../src/index.ts';
import { startTestServer, tempDatabase, tokenOf, units } from './fixtures.ts';
import { connectClient, until } from './provider-client.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TAMPERED: readonly unknown[] = [
  'not a unit',
  42,
  { voices: 'none' },
  { voices: [{ voice: 1, events: [{ kind: 'note', duration: [1, 4], pitch: 'H9' }] }] },
  { voices: [{ voice: 1, events: [{ kind: 'warble', duration: [1, 4] }] }] },
  { voices: [{ voice: 1, events: [{ kind: 'rest', duration: ['a', 0] }] }] },
];

describe('a unit value written by a tampered client', () => {
  it.each(TAMPERED.map((value) => [JSON.stringify(value), value]))(
    '%s is read without a crash, reported by validate, and replaced by a rewrite',
    async (_label, value) => {
      const db = tempDatabase();
      cleanups.push(db.remove);
      const server = await startTestServer(db.path);
      cleanups.push(server.close);
      const person = await connectClient(
        server.url,
        'doc',
        tokenOf((await server.links('doc')).edit),
      );
      cleanups.push(person.destroy);
      const doc = person.doc;
      const partId = doc.getArray<string>(ROOT_NAMES.partOrder).get(0);
      const measureId = doc.getArray<string>(ROOT_NAMES.measureOrder).get(1);
      const key = `${partId}/1/${measureId}`;
      units(doc).set(key, value);
      await person.acknowledged();

      // The server took it and goes on; a reader on the server's live document does not crash.
      const session = await openAgentSession(server.hocuspocus, 'doc');
      cleanups.push(session.close);
      const read = await session.tools.invoke('read_measures', {
        start_measure: 1,
        end_measure: 3,
      });
      expect(read.ok).toBe(true);
      const checked = validate(openScore(server.hocuspocus.documents.get('doc')!));
      expect(checked.ok).toBe(false);
      if (!checked.ok) {
        expect(checked.problems).toContainEqual(
          expect.objectContaining({ code: 'malformed-unit', lane: 'P1 s1 m2' }),
        );
      }
      const rewrite = await session.tools.invoke('rewrite_measures', {
        start_measure: 2,
        parts: [1],
        lanes_seq: 'P1 s1 v1 m2: D5=1/2 D5=1/2\n',
      });
      expect(rewrite.ok, JSON.stringify(rewrite.result.content)).toBe(true);
      await until(
        doc,
        () => typeof units(doc).get(key) === 'object' && units(doc).get(key) !== value,
      );
      expect(validate(openScore(doc)).ok).toBe(true);
    },
  );
});
