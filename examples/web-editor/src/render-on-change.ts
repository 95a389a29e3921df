/**
 * Re-engraving on every change of the Y.Doc, local or remote: the updates of
 * one task are rendered once, after it. A change of the activity log, the
 * oversight settings or the proposals alone is no change of the score.
 */
import { touchesOnlySharedState } from '@scorelane/score-tools';
import type * as Y from 'yjs';

/**
 * Calls `render` once after every task that updated `doc`, with the time
 * (`performance.now()`) of the task's first update; returns the unsubscribe.
 */
export function renderOnChange(doc: Y.Doc, render: (changedAt: number) => void): () => void {
  let pending = false;
  const onUpdate = (
    _update: Uint8Array,
    _origin: unknown,
    _doc: Y.Doc,
    transaction: Y.Transaction,
  ) => {
    if (pending || touchesOnlySharedState(transaction)) return;
    pending = true;
    const changedAt = performance.now();
    queueMicrotask(() => {
      pending = false;
      render(changedAt);
    });
  };
  doc.on('update', onUpdate);
  return () => doc.off('update', onUpdate);
}
