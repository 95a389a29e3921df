/**
 * The marks of one event as lanes-seq 1.1 writes them: in its canonical
 * order (`compareMarks`), and at most one mark of each slot (`markSlot`).
 */
import { compareMarks, type LaneMark, markSlot } from '@scorelane/lanes-seq';

/**
 * `marks` in canonical order (a stable sort: texts keep the order given).
 *
 * @example
 * ```ts
 * canonicalMarks([{ kind: 'slur', type: 'start', level: 1 }, { kind: 'articulation', name: 'staccato' }]);
 * // staccato first, then the slur start
 * ```
 */
export function canonicalMarks(marks: readonly LaneMark[]): LaneMark[] {
  return [...marks].sort(compareMarks);
}

/**
 * Whether `mark` can join `marks` on one event: no mark of the same slot
 * (lanes-seq's `markSlot`: one dynamic, one hairpin start, one chord symbol,
 * ...) is there yet, so what import writes is text lanes-seq reads back. A
 * mark that cannot join is kept as the file had it.
 *
 * @example
 * ```ts
 * canJoin([{ kind: 'dynamic', name: 'p' }], { kind: 'dynamic', name: 'f' }); // false
 * ```
 */
export function canJoin(marks: readonly LaneMark[], mark: LaneMark): boolean {
  const slot = markSlot(mark);
  return !marks.some((held) => markSlot(held) === slot);
}

/**
 * Whether `marks` stand in the order export writes the model's marks in
 * (`compareMarks`). Players perform some marks of a note in the order the
 * file gives them (MuseScore plays a turn then a mordent so, and times a
 * note by its last articulation), so a group of marks in another order is
 * kept as the file had it rather than read into the model.
 *
 * @example
 * ```ts
 * inMarkOrder([{ kind: 'articulation', name: 'accent' }, { kind: 'articulation', name: 'staccato' }]); // false
 * ```
 */
export function inMarkOrder(marks: readonly LaneMark[]): boolean {
  for (let index = 1; index < marks.length; index++)
    if (compareMarks(marks[index - 1]!, marks[index]!) > 0) return false;
  return true;
}
