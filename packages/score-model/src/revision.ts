/**
 * Revisions: what a reader had seen, so a later write can be judged stale on
 * what it touches alone.
 *
 * A revision is the Y.Doc's state vector when it was taken, plus the ids of
 * the measure-list entries deleted by then, plus the identity of the score
 * (so a revision of another score is recognised as such). Every write of a unit or measure
 * (an undo or a redo included) makes a new Yjs item with a new id, so
 * "changed after revision R" is exact: the item's id is not covered by R's
 * state vector. A change made concurrently on a peer not yet synced at the
 * read counts as a change too, which a counter kept in the document would
 * get wrong.
 */
import * as Y from 'yjs';
import { appendAll } from './append.ts';
import type { ChangeId } from './layout.ts';
import { entryId, scoreTypes } from './layout.ts';
import type { Score } from './score.ts';

const PREFIX = 'r1.';

/** A run of ids `clock` to `clock + length - 1` of one client. */
export interface IdRange {
  readonly client: number;
  readonly clock: number;
  readonly length: number;
}

/** What a revision token decodes to. */
export interface Seen {
  /** The highest clock seen per client, exclusive (a Yjs state vector). */
  readonly clocks: ReadonlyMap<number, number>;
  /** Entries of the measure list (and of the part order) already deleted at the revision. */
  readonly deletedMeasures: readonly IdRange[];
  /** The identity of the score it was given out for (see {@link scoreIdentity}); `undefined` when the doc held no score. */
  readonly score?: ChangeId;
}

/**
 * The identity of the score in a doc: the Yjs id of the item that
 * `createScore` wrote `meta.format` with. Every peer of one score sees the
 * same id, and another score (even one made from the same file) has another,
 * so a revision can say which score gave it out. `undefined` when the doc
 * holds no score.
 */
export function scoreIdentity(doc: Y.Doc): ChangeId | undefined {
  return entryId(scoreTypes(doc).meta, 'format');
}

/** Whether a revision was given out for the score whose identity is `identity` (a token from a doc with no score matches none). */
export function isRevisionOf(seen: Seen, identity: ChangeId | undefined): boolean {
  return (
    identity !== undefined &&
    seen.score !== undefined &&
    seen.score.client === identity.client &&
    seen.score.clock === identity.clock
  );
}

function writeUint(bytes: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
}

function readUint(bytes: Uint8Array, at: { offset: number }): number {
  let value = 0;
  let scale = 1;
  for (;;) {
    const byte = bytes[at.offset++];
    if (byte === undefined) throw new RangeError('truncated');
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return value;
    scale *= 0x80;
    if (scale > 2 ** 56) throw new RangeError('too long');
  }
}

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

/** The deleted entries of the measure list and of the part order, as runs of ids (ids are unique in a doc, so one list holds both). */
function deletedMeasureRanges(score: Score): IdRange[] {
  const ranges: IdRange[] = [];
  const types = scoreTypes(score.doc);
  for (const order of [types.measureOrder, types.partOrder]) {
    for (let item = order._start; item; item = item.right) {
      if (item.deleted)
        ranges.push({ client: item.id.client, clock: item.id.clock, length: item.length });
    }
  }
  return ranges;
}

/** How many changes a state vector holds: the sum of its clocks, which every change raises. */
function changeCount(clocks: ReadonlyMap<number, number>): number {
  let count = 0;
  for (const clock of clocks.values()) count += clock;
  return count;
}

/**
 * Per doc, its revision as computed while no transaction was open, until the
 * next transaction begins (`undefined` then): plan, apply and the tools each
 * ask for the revision of the same state, and the walk over the measure list
 * is done once.
 */
const settledRevisions = new WeakMap<Y.Doc, string | undefined>();

/**
 * The score's revision now: a short opaque token, `r1.`, the count of
 * changes the document holds, `-` and base64url. The count makes
 * consecutive revisions differ at their start (`r1.3450-...`,
 * `r1.3462-...`), where a person or an agent copying one sees it; the
 * base64url part alone decides staleness, and a token whose count does not
 * match it is no revision. Pass it back with a write to have the write
 * refused as stale if something it touches changed in between.
 *
 * @example
 * ```ts
 * const revision = currentRevision(score); // "r1.158-AQLs2ca1CQMA"
 * ```
 */
export function currentRevision(score: Score): string {
  const { doc } = score;
  // Inside a transaction (or its cleanup) the doc is still changing: compute, never keep.
  const settled = doc._transaction === null && doc._transactionCleanups.length === 0;
  if (!settled) return computeRevision(score);
  const known = settledRevisions.get(doc);
  if (known !== undefined) return known;
  const revision = computeRevision(score);
  if (!settledRevisions.has(doc)) {
    // Every change to a doc happens in a transaction, and each begins with this event.
    doc.on('beforeTransaction', () => settledRevisions.set(doc, undefined));
  }
  settledRevisions.set(doc, revision);
  return revision;
}

/** The revision of the doc as it is now, computed from its state. */
function computeRevision(score: Score): string {
  const clocks = Y.encodeStateVector(score.doc);
  const bytes: number[] = [];
  writeUint(bytes, clocks.length);
  appendAll(bytes, clocks);
  const deleted = deletedMeasureRanges(score);
  writeUint(bytes, deleted.length);
  for (const range of deleted) {
    writeUint(bytes, range.client);
    writeUint(bytes, range.clock);
    writeUint(bytes, range.length);
  }
  const identity = scoreIdentity(score.doc);
  if (identity) {
    writeUint(bytes, identity.client);
    writeUint(bytes, identity.clock);
  }
  const count = changeCount(Y.decodeStateVector(clocks));
  return `${PREFIX}${count}-${toBase64Url(Uint8Array.from(bytes))}`;
}

/**
 * Reads a revision token; `undefined` when it is not one.
 *
 * @example
 * ```ts
 * decodeRevision(currentRevision(score)); // { clocks: Map { clientId => clock }, deletedMeasures: [] }
 * decodeRevision('yesterday');            // undefined
 * ```
 */
export function decodeRevision(token: string): Seen | undefined {
  if (!token.startsWith(PREFIX)) return undefined;
  const counted = /^(\d{1,15})-(.*)$/s.exec(token.slice(PREFIX.length));
  if (!counted) return undefined;
  const bytes = fromBase64Url(counted[2]!);
  if (!bytes) return undefined;
  try {
    const at = { offset: 0 };
    const length = readUint(bytes, at);
    if (at.offset + length > bytes.length) return undefined;
    const clocks = Y.decodeStateVector(bytes.slice(at.offset, at.offset + length));
    at.offset += length;
    const count = readUint(bytes, at);
    const deletedMeasures: IdRange[] = [];
    for (let index = 0; index < count; index++) {
      deletedMeasures.push({
        client: readUint(bytes, at),
        clock: readUint(bytes, at),
        length: readUint(bytes, at),
      });
    }
    let score: ChangeId | undefined;
    if (at.offset < bytes.length) {
      const client = readUint(bytes, at);
      score = Y.createID(client, readUint(bytes, at));
    }
    if (at.offset !== bytes.length) return undefined;
    if (changeCount(clocks) !== Number(counted[1])) return undefined;
    return score ? { clocks, deletedMeasures, score } : { clocks, deletedMeasures };
  } catch {
    return undefined;
  }
}

/** Whether a reader at `seen` had seen the change `id` (an absent id: nothing was ever written). */
export function hasSeen(seen: Seen, id: ChangeId | undefined): boolean {
  if (!id) return true;
  return id.clock < (seen.clocks.get(id.client) ?? 0);
}

/** Whether the measure-list (or part-order) entry `client:clock` was already deleted at `seen`. */
export function wasDeleted(seen: Seen, client: number, clock: number): boolean {
  return seen.deletedMeasures.some(
    (range) =>
      range.client === client && clock >= range.clock && clock < range.clock + range.length,
  );
}
