/**
 * Re-engraving on every change of the Y.Doc, local or remote: the updates of
 * one task are rendered once, after it.
 */
import type * as Y from 'yjs';

/** Calls `render` once after every task that updated `doc`; returns the unsubscribe. */
export function renderOnChange(doc: Y.Doc, render: () => void): () => void {
  let pending = false;
  const onUpdate = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      render();
    });
  };
  doc.on('update', onUpdate);
  return () => doc.off('update', onUpdate);
}
