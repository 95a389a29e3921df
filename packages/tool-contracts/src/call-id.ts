/**
 * Fresh ids for calls and review sessions.
 */

let fallbackCounter = 0;

/**
 * A new unique id: `crypto.randomUUID()` where the runtime has it (Node 20,
 * browsers in secure contexts), otherwise a time-and-counter id unique within
 * this process.
 *
 * @example
 * ```ts
 * const call_id = newId(); // '3b241101-e2bb-4255-8caf-4136c566a962'
 * ```
 */
export function newId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  fallbackCounter += 1;
  return `id_${Date.now().toString(36)}_${fallbackCounter.toString(36)}`;
}
