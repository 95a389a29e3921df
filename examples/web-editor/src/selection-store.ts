/**
 * What the page shows as selected, and the range an agent's call just
 * changed. It is also the `SelectionHost` of the score tools, so
 * `get_selection` reads what the person clicked and `select_measures` shows
 * what the agent means.
 */
import type { ScoreSelection, SelectionHost } from '@scorelane/score-tools';

/** The selection and the highlight, observable. */
export interface SelectionStore extends SelectionHost {
  /** The range the last write changed, until the person selects something else. */
  highlighted(): ScoreSelection | null;
  /** Selects and highlights the range a write just changed. */
  showChange(range: ScoreSelection): void;
  /**
   * Highlights a range someone else changed, keeping the selection. Listeners
   * are not called: what they follow (the selection) did not change, so the
   * caller marks the score itself. The next `set` or `showChange` replaces it.
   */
  showRemoteChange(range: ScoreSelection): void;
  /** Whether the selection is the range the last write changed (`showChange`), not one a person or agent selected. */
  showsChange(): boolean;
  /** Drops the highlight (the change it showed was undone), keeping the selection. */
  clearHighlight(): void;
  /** Calls `listener` after every change of selection or local highlight; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** A store with nothing selected. */
export function createSelectionStore(): SelectionStore {
  let selection: ScoreSelection | null = null;
  let highlight: ScoreSelection | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    get: () => selection,
    set(next) {
      selection = { ...next, parts: [...next.parts] };
      highlight = null;
      notify();
    },
    highlighted: () => highlight,
    showsChange: () => highlight !== null && highlight === selection,
    showChange(range) {
      selection = { ...range, parts: [...range.parts] };
      highlight = selection;
      notify();
    },
    showRemoteChange(range) {
      highlight = { ...range, parts: [...range.parts] };
    },
    clearHighlight() {
      if (highlight === null) return;
      highlight = null;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
