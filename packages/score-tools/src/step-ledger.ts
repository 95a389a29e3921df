/**
 * What the agent's own steps wrote, so its `undo` and `redo` can tell whether
 * someone has since changed a unit a step wrote. For every step (by tool
 * call id) the ledger keeps, per key of the score's maps that the step's
 * transaction changed, the value the key held right after it. Yjs hands out a
 * new value object for every write of a key, a collaborator's included, so a
 * value that is no longer the same object means the key was written since.
 */
import { scoreTypes } from '@scorelane/score-model';
import type * as Y from 'yjs';

import type { ScoreSelection } from './selection.ts';

/** One key a step wrote, and what it held right after. */
interface Written {
  readonly map: Y.Map<unknown>;
  readonly key: string;
  readonly value: unknown;
}

/**
 * A key written since the step, with who wrote it: the Yjs client id of the
 * value that holds it now, or `undefined` when it was deleted.
 */
export interface ChangedKey {
  readonly map: 'units' | 'measures';
  readonly key: string;
  readonly client: number | undefined;
}

/**
 * How many steps the ledger remembers; older ones are forgotten (and their
 * undo refused as not the agent's), as an undo history drops its oldest
 * steps.
 */
export const LEDGER_STEPS = 1000;

/**
 * The agent's steps and what each left behind.
 *
 * @example
 * ```ts
 * const ledger = createStepLedger(score.doc);
 * ledger.record('call_1', transaction, { start_measure: 2, end_measure: 2, parts: [1] });
 * ledger.changedSince('call_1'); // [] while nobody touched what call_1 wrote
 * ```
 */
export interface StepLedger {
  /**
   * Records the keys `transaction` changed, as they are now, and the range
   * the step selected. Call it after the transaction ended.
   */
  record(callId: string, transaction: Y.Transaction, range: ScoreSelection | null): void;
  /** The range step `callId` selected when it was made. */
  rangeOf(callId: string): ScoreSelection | null;
  /** Records the keys step `callId` wrote again, as they are now (after an undo or redo of it). */
  refresh(callId: string): void;
  /** Whether the ledger knows step `callId`. */
  has(callId: string): boolean;
  /** The keys step `callId` wrote that hold another value now. */
  changedSince(callId: string): readonly ChangedKey[];
}

/**
 * Creates the ledger of the agent's steps on `doc`.
 *
 * @example
 * ```ts
 * const ledger = createStepLedger(score.doc);
 * ```
 */
export function createStepLedger(doc: Y.Doc): StepLedger {
  const steps = new Map<string, readonly Written[]>();
  const ranges = new Map<string, ScoreSelection | null>();
  const watched = () => {
    const types = scoreTypes(doc);
    return [
      { name: 'units' as const, map: types.units as Y.Map<unknown> },
      { name: 'measures' as const, map: types.measures as Y.Map<unknown> },
    ];
  };
  const forgetOldest = () => {
    while (steps.size >= LEDGER_STEPS) {
      const oldest = steps.keys().next().value as string;
      steps.delete(oldest);
      ranges.delete(oldest);
    }
  };
  const snapshot = (keys: readonly { map: Y.Map<unknown>; key: string }[]): Written[] =>
    keys.map(({ map, key }) => ({ map, key, value: map.get(key) }));

  return {
    record(callId, transaction, range) {
      forgetOldest();
      ranges.set(callId, range);
      const keys: { map: Y.Map<unknown>; key: string }[] = [];
      for (const { map } of watched()) {
        for (const key of changedKeys(transaction, map)) {
          if (key !== null) keys.push({ map, key });
        }
      }
      steps.set(callId, snapshot(keys));
    },
    refresh(callId) {
      const step = steps.get(callId);
      if (step) steps.set(callId, snapshot(step));
    },
    has: (callId) => steps.has(callId),
    rangeOf: (callId) => ranges.get(callId) ?? null,
    changedSince(callId) {
      const step = steps.get(callId) ?? [];
      const names = new Map(watched().map(({ name, map }) => [map, name]));
      return step
        .filter(({ map, key, value }) => map.get(key) !== value)
        .map(({ map, key }) => ({
          map: names.get(map) ?? 'units',
          key,
          client: map.has(key) ? writerOf(map, key) : undefined,
        }));
    },
  };
}

/** The keys of `map` that `transaction` changed (`null` stands for a change of the map's content as a whole). */
function changedKeys(transaction: Y.Transaction, map: Y.Map<unknown>): Iterable<string | null> {
  const changed = transaction.changed as Map<unknown, Set<string | null>>;
  return changed.get(map) ?? [];
}

/** The Yjs client that wrote the value `key` holds now. */
function writerOf(map: Y.Map<unknown>, key: string): number | undefined {
  return map._map.get(key)?.id.client;
}
