/**
 * Keeping a person's edit when the measures changed under it: a three-way
 * merge of lanes-seq text, lane by lane. Each text is parsed, so a lane is
 * one measure of one voice wherever it stands (a line of its own, or after a
 * ` | ` on a line that holds several measures), and lanes are compared by
 * their canonical text. A lane only the person changed keeps their text, a
 * lane only someone else changed takes the new text, and a lane both changed
 * differently is a conflict, never guessed at. The `%` comments (the header,
 * the revision) are the new read's.
 */
import {
  type Lane,
  type LanesDocument,
  type LyricLine,
  laneKey,
  parse,
  serialize,
  serializeLane,
  serializeLyricLine,
} from '@scorelane/lanes-seq';

/** The merged text, or the lanes both sides changed. */
export type LanesMerge =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly conflicts: readonly string[] };

/**
 * Merges `mine` (the person's text, edited from `base`) with `theirs` (the
 * same measures read again after someone else changed them). Text of the
 * person's that does not parse comes back as it is, so applying it refuses
 * it with its problems and nothing of it is lost.
 *
 * @example
 * ```ts
 * mergeLanes('P1 s1 v1 m2: C4=1 | D4\n', 'P1 s1 v1 m2: E4=1 | D4\n', 'P1 s1 v1 m2: C4=1 | F4\n');
 * // { ok: true, text: 'P1 s1 v1 m2: E4=1 | F4\n' }
 * ```
 */
export function mergeLanes(base: string, mine: string, theirs: string): LanesMerge {
  const edited = lanesOf(mine);
  if (edited === undefined) return { ok: true, text: mine };
  const old = lanesOf(base) ?? EMPTY;
  const now = lanesOf(theirs) ?? EMPTY;
  const keys = [
    ...now.items.keys(),
    ...[...edited.items.keys()].filter((key) => !now.items.has(key)),
  ];
  const lanes: Lane[] = [];
  const lyrics: LyricLine[] = [];
  const conflicts: string[] = [];
  for (const key of keys) {
    const b = old.items.get(key)?.text;
    const m = edited.items.get(key);
    const t = now.items.get(key);
    const chosen = m?.text === b ? t : t?.text === b || t?.text === m?.text ? m : CONFLICT;
    if (chosen === CONFLICT) conflicts.push(key);
    else if (chosen?.lane !== undefined) lanes.push(chosen.lane);
    else if (chosen?.lyric !== undefined) lyrics.push(chosen.lyric);
  }
  if (conflicts.length > 0) return { ok: false, conflicts };
  const document: LanesDocument = lyrics.length === 0 ? { lanes } : { lanes, lyrics };
  return {
    ok: true,
    text: `${now.comments.map((line) => `${line}\n`).join('')}${serialize(document)}`,
  };
}

const CONFLICT = Symbol('conflict');

/** A lane or a lyric line of a text, with its canonical text to compare. */
interface Item {
  readonly text: string;
  readonly lane?: Lane;
  readonly lyric?: LyricLine;
}

interface Items {
  readonly comments: readonly string[];
  /** By lane (`P1 s1 v1 m2`) and lyric line (`P1 s1 v1 m2 w1`). */
  readonly items: ReadonlyMap<string, Item>;
}

const EMPTY: Items = { comments: [], items: new Map() };

/** The comment lines, and the lanes and lyric lines of a text by key; undefined when it does not parse. */
function lanesOf(text: string): Items | undefined {
  const parsed = parse(text);
  if (!parsed.ok) return undefined;
  const comments = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('%'));
  const items = new Map<string, Item>();
  for (const lane of parsed.document.lanes) {
    items.set(laneKey(lane), { text: serializeLane(lane), lane });
  }
  for (const lyric of parsed.document.lyrics ?? []) {
    items.set(`${laneKey(lyric)} w${lyric.verse}`, { text: serializeLyricLine(lyric), lyric });
  }
  return { comments, items };
}
