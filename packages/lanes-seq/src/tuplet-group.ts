/**
 * A tuplet group as other notations write it: `3:2(E5=1/8 F5=1/8 G5=1/8)`,
 * ABC's `(3E5 F5 G5` and LilyPond's `\tuplet 3/2 { ... }` (or `\times 2/3`).
 * lanes-seq has no brackets: a tuplet's notes carry their real durations. The
 * group is reported once, with the rule in words and, when its notes read
 * without a problem, the edit that writes them so (`E5=1/12 F5 G5`).
 */
import { CLOSE, isDigit, isSpace, OPEN } from './char-codes.ts';
import type { LaneEvent } from './document.ts';
import { LIMITS } from './issue.ts';
import { type Cursor, report, skipSpaces, skipToken } from './parse-cursor.ts';
import { formatRational, multiply, type Rational, rational } from './rational.ts';
import { serializeLane } from './serialize.ts';

const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const AT = 64;

/** A group found at an event's start: `count` notes in the time of `time`, its notes from `innerStart`. */
interface GroupStart {
  readonly count: number;
  /** Undefined where the notation leaves it to the meter (ABC's `(5`, `(7`, `(9`). */
  readonly time: number | undefined;
  readonly innerStart: number;
  /** The `)` or `}` that closes the group, or -1 for ABC's group of the next `count` notes. */
  readonly close: number;
}

/** ABC's `(n`: n notes in the time of this many (2 or 3; 5, 7 and 9 depend on the meter). */
const ABC_TIME: Readonly<Record<number, number>> = { 2: 3, 3: 2, 4: 3, 6: 2, 8: 3 };

const LILYPOND = /^\\(tuplet|times)[ \t]+([1-9]\d?)\/([1-9]\d?)[ \t]*\{/;

/**
 * The tuplet group starting at `at`, or undefined. Cheap on every event: it
 * looks at one or two characters unless a group starts there.
 *
 * @example
 * ```ts
 * tupletGroupAt('3:2(E5=1/8 F5 G5)', 0, 17); // { count: 3, time: 2, innerStart: 4, close: 16 }
 * ```
 */
export function tupletGroupAt(text: string, at: number, end: number): GroupStart | undefined {
  const code = text.charCodeAt(at);
  if (isDigit(code)) {
    const colon = /^([1-9]\d?):([1-9]\d?)\(/.exec(text.slice(at, at + 7));
    if (!colon) return undefined;
    const innerStart = at + colon[0].length;
    const close = closingAt(text, innerStart, end, OPEN, CLOSE);
    return { count: Number(colon[1]), time: Number(colon[2]), innerStart, close };
  }
  if (code === OPEN && isDigit(text.charCodeAt(at + 1)) && !isDigit(text.charCodeAt(at + 2))) {
    const count = text.charCodeAt(at + 1) - 48;
    if (count < 2) return undefined;
    return { count, time: ABC_TIME[count], innerStart: at + 2, close: -1 };
  }
  if (code === 92 /* \ */ && text.charCodeAt(at + 1) === 116 /* t */) {
    const lily = LILYPOND.exec(text.slice(at, Math.min(end, at + 20)));
    if (!lily) return undefined;
    const [a, b] = [Number(lily[2]), Number(lily[3])];
    const innerStart = at + lily[0].length;
    const close = closingAt(text, innerStart, end, OPEN_BRACE, CLOSE_BRACE);
    // \tuplet 3/2 is three in the time of two; \times 2/3 scales by 2/3.
    return lily[1] === 'tuplet'
      ? { count: a, time: b, innerStart, close }
      : { count: b, time: a, innerStart, close };
  }
  return undefined;
}

/** The offset of the `close` that balances the group opened before `from`, or -1 when the line has none. */
function closingAt(text: string, from: number, end: number, open: number, close: number): number {
  let depth = 1;
  for (let at = from; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === open) depth++;
    else if (code === close && --depth === 0) return at;
  }
  return -1;
}

/**
 * Reads the tuplet group at the cursor (`tupletGroupAt` found it): its notes
 * with `readEvent`, then one `invalid-pitch` problem for the whole group,
 * whose edit writes the notes with their real durations when every note read
 * without a problem. The cursor ends past the group.
 *
 * @example
 * ```ts
 * readTupletGroup(cursor, group, readEvent); // "3:2(E5=1/8 F5 G5)": hint "... E5=1/12 F5 G5", edit the same
 * ```
 */
export function readTupletGroup(
  cursor: Cursor,
  group: GroupStart,
  readEvent: (cursor: Cursor) => LaneEvent | undefined,
): undefined {
  const start = cursor.pos;
  const lineEnd = cursor.contentEnd;
  const problemsBefore = cursor.tally.count;
  const closed = group.close >= 0;
  if (closed) cursor.contentEnd = group.close;
  cursor.pos = group.innerStart;
  const events: LaneEvent[] = [];
  let whole = true;
  let lastEnd = cursor.pos;
  skipSpaces(cursor);
  while (cursor.pos < cursor.contentEnd && (closed || events.length < group.count)) {
    if (cursor.text.charCodeAt(cursor.pos) === AT) {
      whole = false;
      skipToken(cursor);
    } else {
      const event = readEvent(cursor);
      if (event === undefined) whole = false;
      else events.push(event);
    }
    if (cursor.pos < cursor.contentEnd && !isSpace(cursor.text.charCodeAt(cursor.pos))) {
      whole = false;
      skipToken(cursor);
    }
    lastEnd = cursor.pos;
    skipSpaces(cursor);
  }
  cursor.contentEnd = lineEnd;
  const end = closed ? group.close + 1 : lastEnd;
  cursor.pos = end;
  const ratio = group.time === undefined ? undefined : rational(group.time, group.count);
  const sure =
    whole &&
    ratio !== undefined &&
    cursor.tally.count === problemsBefore &&
    events.length > 0 &&
    (closed || events.length === group.count);
  const fixed = sure ? realDurations(events, ratio) : undefined;
  // A real duration past the limits has no text to write: the hint gives the rule alone.
  const fix = fixed?.fits ? fixed : undefined;
  cursor.lastDuration = fix?.last ?? null;
  const written = cursor.text.slice(start, Math.min(end, start + 40));
  report(
    cursor,
    'invalid-pitch',
    start,
    end,
    `"${written}${end - start > 40 ? '...' : ''}" is a tuplet group; lanes-seq has no tuplet brackets.`,
    tupletRule(group, ratio, fix?.text),
    fix === undefined ? undefined : { start, end, text: fix.text },
  );
  return undefined;
}

/** The hint: the rule in words, and the group written so when there is a sure fix. */
function tupletRule(
  group: GroupStart,
  ratio: Rational | undefined,
  fixed: string | undefined,
): string {
  const name = `${group.count} in the time of ${group.time ?? 'n'}`;
  const rule =
    ratio === undefined
      ? `write each note of the group (${name}) with its real duration, its written value times n/${group.count}, n as the meter says (a triplet eighth is 1/12)`
      : `write each note of the group (${name}) with its real duration, ${formatRational(ratio)} of its written value (a triplet eighth is 1/12)`;
  return fixed === undefined ? rule : `${rule}: ${fixed}`;
}

/** The group's events with their real durations, as lanes-seq writes them (a repeated duration left out). */
function realDurations(
  events: readonly LaneEvent[],
  ratio: Rational,
): { readonly text: string; readonly last: Rational | undefined; readonly fits: boolean } {
  let last: Rational | undefined;
  let fits = true;
  const scaled = events.map((event) => {
    if (event.grace) return event;
    const duration = multiply(event.duration, ratio);
    if (duration.num > LIMITS.maxDurationTerm || duration.den > LIMITS.maxDurationTerm)
      fits = false;
    last = duration;
    return { ...event, duration } as LaneEvent;
  });
  const line = serializeLane({ part: 1, staff: 1, voice: 1, measure: 1, events: scaled });
  return { text: line.slice(line.indexOf(':') + 2), last, fits };
}
