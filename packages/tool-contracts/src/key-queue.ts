/**
 * Calls with the same idempotency key wait for each other, so that a replay
 * never races the first run of its key.
 */

/**
 * Runs `work` after every earlier call on the same slot of `queues` has
 * finished (whether it succeeded or not), and forgets the slot once idle.
 *
 * @example
 * ```ts
 * const queues = new Map<string, Promise<unknown>>();
 * await serialize(queues, 'add_item\u0000k-1', () => runOnce());
 * ```
 */
export function serialize<T>(
  queues: Map<string, Promise<unknown>>,
  slot: string,
  work: () => Promise<T>,
): Promise<T> {
  const previous = queues.get(slot) ?? Promise.resolve();
  const current = previous.then(work, work);
  const settled = current.then(
    () => undefined,
    () => undefined,
  );
  queues.set(slot, settled);
  void settled.then(() => {
    if (queues.get(slot) === settled) queues.delete(slot);
  });
  return current;
}
