/**
 * The host's selection, as the score tools see it: a range of measures and
 * the parts in it. A write selects what it changed; `get_selection` and
 * `select_measures` read and set it.
 */

/**
 * A selected range: 1-based measures, inclusive, and the parts (all parts
 * when the list holds every part of the score).
 *
 * @example
 * ```ts
 * const selection: ScoreSelection = { start_measure: 2, end_measure: 2, parts: [1] };
 * ```
 */
export interface ScoreSelection {
  readonly start_measure: number;
  readonly end_measure: number;
  readonly parts: readonly number[];
}

/**
 * Where the selection lives: the host's editor. `get` answers `null` when
 * nothing is selected.
 *
 * @example
 * ```ts
 * const host: SelectionHost = {
 *   get: () => editor.selectedMeasures(),
 *   set: (selection) => editor.selectMeasures(selection),
 * };
 * ```
 */
export interface SelectionHost {
  get(): ScoreSelection | null;
  set(selection: ScoreSelection): void;
}

/**
 * A selection kept in memory, for a host with no editor of its own (a
 * server, a command line, a test).
 *
 * @example
 * ```ts
 * const selection = createMemorySelection();
 * selection.set({ start_measure: 1, end_measure: 4, parts: [1, 2] });
 * selection.get(); // { start_measure: 1, end_measure: 4, parts: [1, 2] }
 * ```
 */
export function createMemorySelection(initial: ScoreSelection | null = null): SelectionHost {
  let current = initial;
  return {
    get: () => current,
    set: (selection) => {
      current = { ...selection, parts: [...selection.parts] };
    },
  };
}
