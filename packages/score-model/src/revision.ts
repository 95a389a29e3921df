/**
 * Revisions: what a reader had seen, so a later write can be judged stale on
 * the units it touches alone.
 *
 * A revision is the Y.Doc's state vector when it was taken. Every stored unit
 * and measure carries the stamp (client, clock) of the write that stored it,
 * so "changed since revision R" is exact: the stamp is not covered by R's
 * state vector. It needs no counter shared between peers, and a change a
 * reader had not seen because it was made concurrently, on a peer not yet
 * synced, still counts as a change.
 */
import * as Y from 'yjs';
import type { StoredStamp } from './layout.ts';
import type { Score } from './score.ts';

const PREFIX = 'r1.';

/** What a revision token decodes to: the highest clock seen per client. */
export type Seen = ReadonlyMap<number, number>;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/**
 * The score's revision now: a short opaque token (`r1.` and the state vector
 * in base64url). Pass it back with a write to have the write refused as stale
 * if a unit it touches changed in between.
 *
 * @example
 * ```ts
 * const revision = currentRevision(score); // "r1.AQLs2ca1CQM"
 * ```
 */
export function currentRevision(score: Score): string {
  return PREFIX + toBase64Url(Y.encodeStateVector(score.doc));
}

/**
 * Reads a revision token; `undefined` when it is not one.
 *
 * @example
 * ```ts
 * decodeRevision(currentRevision(score)); // Map { clientId => clock }
 * decodeRevision('yesterday');            // undefined
 * ```
 */
export function decodeRevision(token: string): Seen | undefined {
  if (!token.startsWith(PREFIX)) return undefined;
  const bytes = fromBase64Url(token.slice(PREFIX.length));
  if (!bytes) return undefined;
  try {
    return Y.decodeStateVector(bytes);
  } catch {
    return undefined;
  }
}

/** Whether a reader with state vector `seen` had seen the write stamped `stamp`. */
export function hasSeen(seen: Seen, stamp: StoredStamp | undefined): boolean {
  if (!stamp) return true;
  return stamp[1] < (seen.get(stamp[0]) ?? 0);
}
