/**
 * How marks, lyrics and onset marks are stored in a unit: compact JSON, as
 * the rest of a unit. A mark is stored as the plain object it is, with a
 * tempo's beat as `[num, den]` like every other duration; a lyric leaves
 * out `hyphen` and `extend` when they are false.
 */
import {
  ARTICULATIONS,
  type ArticulationName,
  DYNAMICS,
  type LaneMark,
  type OnsetMarks,
  ORNAMENTS,
  rational,
  TECHNIQUES,
} from '@scorelane/lanes-seq';
import type { Json } from './json.ts';
import type { StoredLyric, StoredOnsetMarks, StoredRational } from './layout.ts';
import type { Lyric } from './score-types.ts';

type JsonObject = { readonly [key: string]: Json };

/** `object` with its keys in sorted order, so that equal marks store as equal JSON text. */
function sortedKeys(object: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * One mark as stored: the mark itself with its keys sorted, a tempo's
 * `beat` as `[num, den]`.
 *
 * @example
 * ```ts
 * encodeMark({ kind: 'tempo', beat: rational(1, 4), perMinute: 120 });
 * // { kind: 'tempo', beat: [1, 4], perMinute: 120 }
 * ```
 */
export function encodeMark(mark: LaneMark): Json {
  if (mark.kind !== 'tempo' || mark.beat === undefined) {
    return sortedKeys(mark as unknown as JsonObject);
  }
  const { beat, ...rest } = mark;
  return sortedKeys({ ...(rest as JsonObject), beat: [beat.num, beat.den] });
}

const NAMED: Readonly<Record<string, readonly string[]>> = {
  articulation: ARTICULATIONS,
  ornament: ORNAMENTS,
  technique: TECHNIQUES,
  dynamic: DYNAMICS,
  breath: ['breath', 'caesura'],
};

const TYPED: Readonly<Record<string, readonly string[]>> = {
  slur: ['start', 'stop'],
  hairpin: ['crescendo', 'diminuendo', 'stop'],
  'octave-line': ['8va', '8vb', '15ma', '15mb', 'stop'],
  pedal: ['start', 'stop'],
};

const PLAIN_KINDS: ReadonlySet<string> = new Set([
  'fermata',
  'arpeggio',
  'tremolo',
  'fingering',
  'text',
  'tempo',
  'rehearsal',
  'chord-symbol',
]);

function notAMark(stored: unknown): never {
  throw new TypeError(`The score holds a mark that is not one: ${JSON.stringify(stored)}.`);
}

/**
 * A stored mark, back as a {@link LaneMark}; throws a `TypeError` on a value
 * that is no mark (an unknown kind or name), which a reader of a tampered
 * unit turns into a malformed unit.
 *
 * @example
 * ```ts
 * decodeMark({ kind: 'articulation', name: 'staccato' }); // the same mark
 * ```
 */
export function decodeMark(stored: Json): LaneMark {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) notAMark(stored);
  const object = stored as JsonObject;
  const kind = object.kind;
  if (typeof kind !== 'string') notAMark(stored);
  const names = NAMED[kind];
  if (names !== undefined && !names.includes(object.name as ArticulationName)) notAMark(stored);
  const types = TYPED[kind];
  if (types !== undefined && !types.includes(object.type as string)) notAMark(stored);
  if (names === undefined && types === undefined && !PLAIN_KINDS.has(kind)) notAMark(stored);
  if (kind === 'tempo' && Array.isArray(object.beat)) {
    const [num, den] = object.beat as unknown as StoredRational;
    return { ...(object as unknown as LaneMark), beat: rational(num, den) } as LaneMark;
  }
  return object as unknown as LaneMark;
}

/**
 * Marks as stored, or undefined when there are none (the field is left out).
 *
 * @example
 * ```ts
 * encodeMarks([]); // undefined
 * ```
 */
export function encodeMarks(marks: readonly LaneMark[] | undefined): Json[] | undefined {
  return marks !== undefined && marks.length > 0 ? marks.map(encodeMark) : undefined;
}

/**
 * One lyric as stored: `{ verse, text }` with `hyphen` and `extend` only when true.
 *
 * @example
 * ```ts
 * encodeLyric({ verse: 1, text: 'Freu', hyphen: true, extend: false }); // { verse: 1, text: 'Freu', hyphen: true }
 * ```
 */
export function encodeLyric(lyric: Lyric): StoredLyric {
  return {
    verse: lyric.verse,
    text: lyric.text,
    ...(lyric.hyphen ? { hyphen: true as const } : {}),
    ...(lyric.extend ? { extend: true as const } : {}),
  };
}

/**
 * A stored lyric, back as a {@link Lyric}.
 *
 * @example
 * ```ts
 * decodeLyric({ verse: 2, text: 'Joy' }); // { verse: 2, text: 'Joy', hyphen: false, extend: false }
 * ```
 */
export function decodeLyric(stored: StoredLyric): Lyric {
  if (!Number.isInteger(stored.verse) || typeof stored.text !== 'string') {
    throw new TypeError(`The score holds a lyric that is not one: ${JSON.stringify(stored)}.`);
  }
  return {
    verse: stored.verse,
    text: stored.text,
    hyphen: stored.hyphen === true,
    extend: stored.extend === true,
  };
}

/**
 * A voice's onset marks as stored: the onset as `[num, den]`, the marks as {@link encodeMark}.
 *
 * @example
 * ```ts
 * encodeOnsetMarks({ onset: rational(1, 2), marks: [{ kind: 'dynamic', name: 'p' }] });
 * // { onset: [1, 2], marks: [{ kind: 'dynamic', name: 'p' }] }
 * ```
 */
export function encodeOnsetMarks(entry: OnsetMarks): StoredOnsetMarks {
  return { onset: [entry.onset.num, entry.onset.den], marks: entry.marks.map(encodeMark) };
}

/**
 * Stored onset marks, back as {@link OnsetMarks}.
 *
 * @example
 * ```ts
 * decodeOnsetMarks({ onset: [1, 2], marks: [{ kind: 'fermata' }] }).onset; // 1/2
 * ```
 */
export function decodeOnsetMarks(stored: StoredOnsetMarks): OnsetMarks {
  return {
    onset: rational(stored.onset[0], stored.onset[1]),
    marks: stored.marks.map(decodeMark),
  };
}
