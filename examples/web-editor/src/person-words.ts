/**
 * What the page says to a person about a change: the action in words
 * ("rewrote", "transposed"), the measures ("measure 2", "measures 2-4") and
 * the parts by their names, never a tool's name, a code or a unit count.
 */
import { type Score, scoreInfo } from '@scorelane/score-model';
import type { ScoreSelection } from '@scorelane/score-tools';

/** What each writing tool does, as a verb in the past. */
const VERBS: Readonly<Record<string, string>> = {
  rewrite_measures: 'rewrote',
  transpose_measures: 'transposed',
  insert_measures: 'inserted',
  delete_measures: 'deleted',
  set_key_signature: 'changed the key of',
  set_time_signature: 'changed the time of',
  set_clef: 'changed the clef of',
  set_barline: 'changed the bar lines of',
  write_marks: 'marked',
};

/** What the part tools do to the part the range names (a removed part is gone, so it is not named). */
const PART_VERBS: Readonly<Record<string, string>> = {
  add_part: 'added the part',
  set_part: 'changed the part',
  move_part: 'moved the part',
};

/** What undo and redo do, with or without a range. */
const STEPS: Readonly<Record<string, string>> = {
  undo: 'undid a step',
  redo: 'redid a step',
};

/**
 * The names of the score's parts, part 1's first, for {@link rangeWords}.
 *
 * @example
 * ```ts
 * partNamesOf(score); // ['Violin', 'Piano']
 * ```
 */
export function partNamesOf(score: Score): string[] {
  return scoreInfo(score).parts.map((part) => part.name);
}

/**
 * `measure 2` or `measures 2-4`.
 *
 * @example
 * ```ts
 * measuresPhrase(2, 4); // 'measures 2-4'
 * ```
 */
export function measuresPhrase(start: number, end: number): string {
  return start === end ? `measure ${start}` : `measures ${start}-${end}`;
}

/**
 * A range in words, its parts named when the score's part names are given
 * and the range leaves some out: `measure 2 (Violin)`, `measures 2-3`.
 *
 * @example
 * ```ts
 * rangeWords({ start_measure: 4, end_measure: 4, parts: [1] }, ['Violin', 'Piano']); // 'measure 4 (Violin)'
 * ```
 */
export function rangeWords(range: ScoreSelection, partNames: readonly string[] = []): string {
  const measures = measuresPhrase(range.start_measure, range.end_measure);
  const named = range.parts.map((part) => partNames[part - 1]);
  const allParts = partNames.length > 0 && range.parts.length >= partNames.length;
  if (allParts || named.length === 0 || named.some((name) => name === undefined)) return measures;
  return `${measures} (${named.join(', ')})`;
}

/**
 * A change in words: `rewrote measure 2`, `undid a step in measures 2-3`;
 * `undid a step` or `changed the score` when it has no range.
 *
 * @example
 * ```ts
 * changeWords('rewrite_measures', { start_measure: 2, end_measure: 2, parts: [1] }); // 'rewrote measure 2'
 * changeWords('add_part', { start_measure: 1, end_measure: 8, parts: [3] }, ['Violin', 'Piano', 'Cello']); // 'added the part Cello'
 * ```
 */
export function changeWords(
  tool: string,
  range: ScoreSelection | null,
  partNames: readonly string[] = [],
): string {
  const step = STEPS[tool];
  if (step !== undefined)
    return range === null ? step : `${step} in ${rangeWords(range, partNames)}`;
  if (tool === 'remove_part') return 'removed a part';
  if (range === null) return 'changed the score';
  const part = PART_VERBS[tool];
  const name = partNames[(range.parts[0] ?? 0) - 1];
  if (part !== undefined)
    return name === undefined ? part.replace('the part', 'a part') : `${part} ${name}`;
  return `${VERBS[tool] ?? 'changed'} ${rangeWords(range, partNames)}`;
}
