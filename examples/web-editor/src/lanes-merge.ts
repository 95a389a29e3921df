/**
 * Keeping a person's edit when the measures changed under it: a three-way
 * merge of lanes-seq text, lane by lane (a line `P1 s1 v1 m3: …` is one
 * lane, named by what comes before its colon). A lane only the person
 * changed keeps their text, a lane only someone else changed takes the new
 * text, and a lane both changed differently is a conflict, never guessed
 * at. The `%` comments (the header, the revision) are the new read's.
 */

/** The merged text, or the lanes both sides changed. */
export type LanesMerge =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly conflicts: readonly string[] };

/**
 * Merges `mine` (the person's text, edited from `base`) with `theirs` (the
 * same measures read again after someone else changed them).
 *
 * @example
 * ```ts
 * mergeLanes('P1 s1 v1 m2: C4=1\nP1 s1 v1 m3: D4=1\n', 'P1 s1 v1 m2: E4=1\nP1 s1 v1 m3: D4=1\n', 'P1 s1 v1 m2: C4=1\nP1 s1 v1 m3: F4=1\n');
 * // { ok: true, text: 'P1 s1 v1 m2: E4=1\nP1 s1 v1 m3: F4=1\n' }
 * ```
 */
export function mergeLanes(base: string, mine: string, theirs: string): LanesMerge {
  const old = lanesOf(base);
  const edited = lanesOf(mine);
  const now = lanesOf(theirs);
  const keys = [
    ...now.lanes.keys(),
    ...[...edited.lanes.keys()].filter((key) => !now.lanes.has(key)),
  ];
  const merged: string[] = [];
  const conflicts: string[] = [];
  for (const key of keys) {
    const b = old.lanes.get(key);
    const m = edited.lanes.get(key);
    const t = now.lanes.get(key);
    const line = m === b ? t : t === b || t === m ? m : CONFLICT;
    if (line === CONFLICT) conflicts.push(key);
    else if (line !== undefined) merged.push(line);
  }
  if (conflicts.length > 0) return { ok: false, conflicts };
  return { ok: true, text: [...now.comments, ...merged].map((line) => `${line}\n`).join('') };
}

const CONFLICT = Symbol('conflict');

/** The comment lines, and the other lines by lane (what comes before the colon; the whole line without one). */
function lanesOf(text: string): { comments: string[]; lanes: Map<string, string> } {
  const comments: string[] = [];
  const lanes = new Map<string, string>();
  for (const line of text.split('\n')) {
    const trimmed = line.trimEnd();
    if (trimmed.trim() === '') continue;
    if (trimmed.trimStart().startsWith('%')) {
      comments.push(trimmed);
      continue;
    }
    const colon = trimmed.indexOf(':');
    lanes.set(colon < 0 ? trimmed : trimmed.slice(0, colon).trim(), trimmed);
  }
  return { comments, lanes };
}
