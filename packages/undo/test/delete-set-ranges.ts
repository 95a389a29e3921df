/**
 * Writing and reading Yjs delete sets as plain `{ client: [[clock, len], ...] }`
 * records, so tests can state them literally.
 */

import * as Y from 'yjs';

type DeleteSet = ReturnType<typeof Y.createDeleteSet>;

/** `[clock, len]` pairs of one client. */
export type Ranges = [number, number][];

/** A delete set with exactly these ranges. */
export function deleteSet(clients: Record<number, Ranges>): DeleteSet {
  const set = Y.createDeleteSet();
  for (const [client, ranges] of Object.entries(clients)) {
    set.clients.set(
      Number(client),
      ranges.map(([clock, len]) => ({ clock, len })),
    );
  }
  return set;
}

/** The ranges of `set`, per client. */
export function ranges(set: DeleteSet): Record<number, Ranges> {
  const out: Record<number, Ranges> = {};
  for (const [client, items] of set.clients) out[client] = items.map((d) => [d.clock, d.len]);
  return out;
}
