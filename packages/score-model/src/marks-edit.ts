/**
 * One marks-only edit of the marks at one place (an event, or an `@` onset):
 * add, remove or replace, by the rules of `write_marks`.
 */
import { compareMarks, type LaneMark } from '@scorelane/lanes-seq';
import { encodeMark } from './mark-codec.ts';

/** How `write_marks` treats the marks it is given. */
export type MarksMode = 'add' | 'remove' | 'replace';

/** Kinds of which a place holds one: adding another replaces it. */
const ONE_A_PLACE: ReadonlySet<LaneMark['kind']> = new Set(['dynamic', 'tempo', 'chord-symbol']);

const key = (mark: LaneMark): string => JSON.stringify(encodeMark(mark));

/**
 * The marks of a place after the edit, in canonical order; the marks it
 * lost; and the written marks a removal did not find (`absent`).
 *
 * @example
 * ```ts
 * editMarks([{ kind: 'dynamic', name: 'p' }], [{ kind: 'dynamic', name: 'f' }], 'add');
 * // { marks: [{ kind: 'dynamic', name: 'f' }], lost: [{ kind: 'dynamic', name: 'p' }], absent: [] }
 * ```
 */
export function editMarks(
  old: readonly LaneMark[],
  written: readonly LaneMark[],
  mode: MarksMode,
): { marks: LaneMark[]; lost: LaneMark[]; absent: LaneMark[] } {
  if (mode === 'replace') {
    const kept = new Set(written.map(key));
    return {
      marks: [...written].sort(compareMarks),
      lost: old.filter((mark) => !kept.has(key(mark))),
      absent: [],
    };
  }
  if (mode === 'remove') {
    const removing = new Set(written.map(key));
    const held = new Set(old.map(key));
    return {
      marks: old.filter((mark) => !removing.has(key(mark))),
      lost: old.filter((mark) => removing.has(key(mark))),
      absent: written.filter((mark) => !held.has(key(mark))),
    };
  }
  let marks = [...old];
  const lost: LaneMark[] = [];
  for (const mark of written) {
    if (marks.some((held) => key(held) === key(mark))) continue;
    if (ONE_A_PLACE.has(mark.kind)) {
      for (const held of marks) if (held.kind === mark.kind) lost.push(held);
      marks = marks.filter((held) => held.kind !== mark.kind);
    }
    marks.push(mark);
  }
  return { marks: marks.sort(compareMarks), lost, absent: [] };
}
