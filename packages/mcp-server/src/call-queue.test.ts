import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createNotes } from '../test/notes-catalog.ts';
import { callQueueOf, createCallQueue } from './call-queue.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('a call queue', () => {
  test.prop([fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 12 })], { numRuns: 50 })(
    'runs work one item at a time, in the order queued, whatever each item awaits',
    async (waits) => {
      const queue = createCallQueue();
      const log: string[] = [];
      await Promise.all(
        waits.map((wait, i) =>
          queue.run(async () => {
            log.push(`start ${i}`);
            for (let t = 0; t < wait; t += 1) await tick();
            log.push(`end ${i}`);
          }),
        ),
      );
      expect(log).toEqual(waits.flatMap((_, i) => [`start ${i}`, `end ${i}`]));
    },
  );

  it('goes on after an item rejects, and hands the rejection to its caller', async () => {
    const queue = createCallQueue();
    const failed = queue.run(() => Promise.reject(new Error('boom')));
    const next = queue.run(async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
  });

  it('is one per pipeline', () => {
    const a = createNotes().pipeline;
    const b = createNotes().pipeline;
    expect(callQueueOf(a)).toBe(callQueueOf(a));
    expect(callQueueOf(a)).not.toBe(callQueueOf(b));
  });
});
