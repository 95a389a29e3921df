/**
 * What a thrown value was, for the audit and never for the caller: one
 * policy everywhere in this package. A thrown message can hold anything
 * (paths, hosts, secrets), so callers see a fixed message and the host's
 * audit keeps this.
 */

/**
 * The stack of an `Error` (or its name and message when it has none), or
 * the JSON of anything else thrown.
 *
 * @example
 * ```ts
 * describeThrown(new Error('disk on fire')); // 'Error: disk on fire\n    at ...'
 * describeThrown({ code: 7 }); // 'Non-error thrown: {"code":7}'
 * ```
 */
export function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.stack ?? `${thrown.name}: ${thrown.message}`;
  let json: string;
  try {
    json = JSON.stringify(thrown) ?? String(thrown);
  } catch {
    json = String(thrown);
  }
  return `Non-error thrown: ${json}`;
}
