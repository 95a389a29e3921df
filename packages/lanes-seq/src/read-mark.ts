/**
 * Reading the marks of an event, right after its duration and tie
 * (`E4=1/4-.\p(`), or of an `@` item: each mark with where it stands, and
 * what stands wrongly among them (an unknown name, a mark from ABC, a tie
 * after the marks), each with the fix that keeps the rest.
 */

import { DIGIT_0, isDigit, isSpace, TILDE } from './char-codes.ts';
import { chordSymbolFix, chordSymbolOf } from './chord-symbol.ts';
import {
  ARTICULATION_SHORTHANDS,
  formatMark,
  MARK_NAMES,
  NAMED_MARKS,
  SIGN_MARKS,
  TREMOLO_VALUES,
} from './mark-text.ts';
import type { LaneMark } from './marks.ts';
import { type Cursor, pastCap, quote, report } from './parse-cursor.ts';
import { formatRational, rational } from './rational.ts';
import { readString } from './read-string.ts';

const BACKSLASH = 92;
const QUOTE = 34;
const CARET = 94;
const UNDERSCORE = 95;
const MINUS = 45;
const OPEN = 40;
const CLOSE = 41;
const COLON = 58;
const BANG = 33;
const BRACE = 123;
const CLOSE_BRACE = 125;
const SLASH = 47;
const EQUALS = 61;

/** Whether a character can start a mark: `-` `\` `(` `)` `^` `_` `"` `:` `!` `{`. */
export function startsMark(code: number): boolean {
  return (
    code === MINUS ||
    code === BACKSLASH ||
    code === OPEN ||
    code === CLOSE ||
    code === CARET ||
    code === UNDERSCORE ||
    code === QUOTE ||
    code === COLON ||
    code === BANG ||
    code === BRACE
  );
}

/** A `(` right after a duration is a slur unless an event starts after it (`C4=1/4(E4`: a missing space). */
function startsEventAfter(code: number): boolean {
  return (code >= 65 && code <= 71) || (code >= 97 && code <= 103) || code === 114 || code === 120;
}

/** Names other notations use after `\`, and the mark lanes-seq writes for each. */
const NAME_ALIASES: Readonly<Record<string, string>> = {
  cresc: '\\<',
  crescendo: '\\<',
  decresc: '\\>',
  decrescendo: '\\>',
  dim: '\\>',
  diminuendo: '\\>',
  sustainOn: '\\ped',
  sustainOff: '\\pedup',
  breath: '\\breathe',
  tr: '\\trill',
  invertedturn: '\\reverseturn',
  uppermordent: '\\prall',
  lowermordent: '\\mordent',
  snap: '\\snappizzicato',
  staccatissimo: '-!',
  accento: '->',
  espressivo: '\\<',
};

/** ABC's `!decoration!` names that differ from lanes-seq's, and the mark each means. */
const ABC_DECORATIONS: Readonly<Record<string, string>> = {
  '>': '->',
  emphasis: '->',
  accent: '->',
  '.': '-.',
  tenuto: '--',
  wedge: '-!',
  lowermordent: '\\mordent',
  uppermordent: '\\prall',
  pralltriller: '\\prall',
  invertedturn: '\\reverseturn',
  snap: '\\snappizzicato',
  breath: '\\breathe',
  'crescendo(': '\\<',
  '<(': '\\<',
  'crescendo)': '\\!',
  '<)': '\\!',
  'diminuendo(': '\\>',
  '>(': '\\>',
  'diminuendo)': '\\!',
  '>)': '\\!',
  '8va(': '\\8va',
  '8va)': '\\loco',
  'ped-up': '\\pedup',
  plus: '\\stopped',
  '+': '\\stopped',
  trill: '\\trill',
};

/**
 * Reads the marks at the cursor into `cursor.marks` (with `cursor.markStarts`
 * and `cursor.markEnds`), up to a space, the line's end or a character that
 * starts no mark (left for the caller to read or report). Returns how many
 * it read; each problem is reported where it stands. After an event
 * (`afterEvent`), a `~` after the marks is reported as a misplaced tie.
 */
export function readMarks(cursor: Cursor, afterEvent = true): number {
  const { text } = cursor;
  let count = 0;
  while (cursor.pos < cursor.contentEnd) {
    const start = cursor.pos;
    const code = text.charCodeAt(start);
    if (code === TILDE) {
      if (!afterEvent || !readTieAfterMarks(cursor, count)) return count;
      continue;
    }
    if (code === OPEN && startsEventAfter(text.charCodeAt(start + 1))) return count;
    if (!startsMark(code)) return count;
    const mark = readMark(cursor);
    if (mark !== undefined) {
      cursor.marks[count] = mark;
      cursor.markStarts[count] = start;
      cursor.markEnds[count] = cursor.pos;
      count++;
    }
  }
  return count;
}

/** Reads one mark at the cursor, which stands on a character that starts one. */
function readMark(cursor: Cursor): LaneMark | undefined {
  const { text } = cursor;
  const start = cursor.pos;
  const code = text.charCodeAt(start);
  const next = text.charCodeAt(start + 1);
  switch (code) {
    case OPEN:
    case CLOSE:
      cursor.pos++;
      return { kind: 'slur', type: code === OPEN ? 'start' : 'stop', level: 1 };
    case MINUS:
      return readDashMark(cursor);
    case BACKSLASH:
      return readNamedMark(cursor);
    case CARET:
    case UNDERSCORE: {
      if (next !== QUOTE) {
        cursor.pos++;
        return unknownMark(cursor, start, cursor.pos, 'text above is ^"dolce", below _"dolce"');
      }
      cursor.pos++;
      const value = readString(cursor);
      if (value === undefined) return undefined;
      return { kind: 'text', text: value, placement: code === CARET ? 'above' : 'below' };
    }
    case QUOTE:
      return readChordSymbol(cursor);
    case COLON:
      return readTremolo(cursor);
    case BANG:
      return readAbcDecoration(cursor);
    default:
      return readBracedName(cursor);
  }
}

/** `-.` `-!` `--` `-_` `->` `-^`, and fingerings `-0` to `-5`. */
function readDashMark(cursor: Cursor): LaneMark | undefined {
  const { text } = cursor;
  const start = cursor.pos;
  const sign = text[start + 1] ?? '';
  const shorthand = ARTICULATION_SHORTHANDS[sign];
  if (shorthand !== undefined) {
    cursor.pos += 2;
    return shorthand;
  }
  if (isDigit(text.charCodeAt(start + 1))) {
    let end = start + 1;
    while (end < cursor.contentEnd && isDigit(text.charCodeAt(end))) end++;
    cursor.pos = end;
    const finger = end === start + 2 ? text.charCodeAt(start + 1) - DIGIT_0 : -1;
    if (finger >= 0 && finger <= 5) return { kind: 'fingering', finger };
    report(
      cursor,
      'invalid-fingering',
      start,
      end,
      `The fingering ${quote(cursor, start, end)} is not a finger.`,
      'a fingering is -0 to -5 (0 for an open string, 1 the thumb)',
    );
    return undefined;
  }
  cursor.pos = Math.min(start + 2, cursor.contentEnd);
  return unknownMark(
    cursor,
    start,
    cursor.pos,
    'after "-" comes an articulation (-. staccato, -! staccatissimo, -- tenuto, -_ portato, -> accent, -^ marcato) or a finger (-0 to -5)',
  );
}

/** Reports an unknown mark; with `fix`, the edit that writes it. */
function unknownMark(
  cursor: Cursor,
  start: number,
  end: number,
  hint: string,
  fix?: string,
): undefined {
  report(
    cursor,
    'unknown-mark',
    start,
    end,
    `${quote(cursor, start, end)} is not a mark lanes-seq knows.`,
    hint,
    fix === undefined ? undefined : { start, end, text: fix },
  );
  return undefined;
}

/** `\p`, `\trill`, `\8va`, `\(`, `\<`, `\tempo...`, `\mark"A"`. */
function readNamedMark(cursor: Cursor): LaneMark | undefined {
  const { text } = cursor;
  const start = cursor.pos;
  const sign = SIGN_MARKS[text[start + 1] ?? ''];
  if (sign !== undefined) {
    cursor.pos += 2;
    return sign;
  }
  let end = start + 1;
  if (isDigit(text.charCodeAt(end))) while (isDigit(text.charCodeAt(end))) end++;
  while (end < cursor.contentEnd && isLetter(text.charCodeAt(end))) end++;
  cursor.pos = end;
  const name = text.slice(start + 1, end);
  const named = NAMED_MARKS.get(name);
  if (named !== undefined) return named;
  if (name === 'tempo') return readTempo(cursor, start);
  if (name === 'mark') {
    if (text.charCodeAt(end) !== QUOTE) {
      return unknownMark(cursor, start, end, 'a rehearsal mark is \\mark"A"');
    }
    const value = readString(cursor);
    return value === undefined ? undefined : { kind: 'rehearsal', text: value };
  }
  if (name === '') {
    cursor.pos = Math.min(start + 2, cursor.contentEnd);
    return unknownMark(
      cursor,
      start,
      cursor.pos,
      'after "\\" comes the name of a mark (\\p, \\trill, \\fermata) or \\( \\) \\< \\> \\!',
    );
  }
  const fix = pastCap(cursor) ? undefined : (NAME_ALIASES[name] ?? closestName(name));
  return unknownMark(
    cursor,
    start,
    end,
    fix === undefined
      ? 'marks are named as in LilyPond: \\p, \\ff, \\trill, \\fermata, \\upbow, \\ped (see the table of marks)'
      : `did you mean ${fix}?`,
    fix,
  );
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** The longest name worth comparing with the known ones. */
const NAME_LIMIT = 20;

/** The known mark name nearest to `name` (at most 2 edits away), written with its `\`; undefined if none. */
export function closestName(name: string): string | undefined {
  if (name.length > NAME_LIMIT) return undefined;
  let best: string | undefined;
  let bestDistance = 3;
  for (const known of MARK_NAMES) {
    if (known === 'tempo' || known === 'mark') continue;
    const distance = editDistance(name, known);
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  // A name of one or two letters is close to too many others to guess.
  if (best === undefined || (name.length <= 2 && bestDistance > 1)) return undefined;
  return formatMark(NAMED_MARKS.get(best)!);
}

/** Levenshtein distance between two short strings. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

const TEMPO_HINT = 'a tempo is \\tempo"Allegro", \\tempo1/4=120 or \\tempo"Allegro"1/4=120';
/** The fastest metronome mark lanes-seq reads. */
const MAX_PER_MINUTE = 1000;

/** `\tempo"Allegro"`, `\tempo1/4=120`, `\tempo"Allegro"1/4=120`; the cursor stands past `\tempo`. */
function readTempo(cursor: Cursor, start: number): LaneMark | undefined {
  const { text } = cursor;
  let tempoText: string | undefined;
  if (text.charCodeAt(cursor.pos) === QUOTE) {
    tempoText = readString(cursor);
    if (tempoText === undefined) return undefined;
  }
  if (!isDigit(text.charCodeAt(cursor.pos))) {
    if (tempoText !== undefined) return { kind: 'tempo', text: tempoText };
    return unknownMark(cursor, start, cursor.pos, TEMPO_HINT);
  }
  const metronomeStart = cursor.pos;
  let end = metronomeStart;
  while (end < cursor.contentEnd) {
    const code = text.charCodeAt(end);
    if (!isDigit(code) && code !== SLASH && code !== EQUALS && code !== 46) break;
    end++;
  }
  cursor.pos = end;
  const metronome = /^([1-9]\d{0,6})(?:\/([1-9]\d{0,6}))?=([1-9]\d{0,3})$/.exec(
    text.slice(metronomeStart, end),
  );
  const perMinute = metronome ? Number(metronome[3]) : 0;
  if (metronome === null || perMinute > MAX_PER_MINUTE) {
    report(
      cursor,
      'invalid-tempo',
      metronomeStart,
      end,
      `The metronome mark ${quote(cursor, metronomeStart, end)} is not a beat and a whole number of beats per minute.`,
      `${TEMPO_HINT} (the beat as a fraction of a whole note, then = and 1 to ${MAX_PER_MINUTE} per minute)`,
    );
    return undefined;
  }
  const beat = rational(Number(metronome[1]), Number(metronome[2] ?? '1'));
  if (formatRational(beat) !== `${metronome[1]}${metronome[2] ? `/${metronome[2]}` : ''}`) {
    const fixed = `${formatRational(beat)}=${perMinute}`;
    report(
      cursor,
      'invalid-tempo',
      metronomeStart,
      end,
      `The beat of ${quote(cursor, metronomeStart, end)} is not a reduced fraction.`,
      `write the beat reduced: ${fixed}`,
      { start: metronomeStart, end, text: fixed },
    );
    return undefined;
  }
  return {
    kind: 'tempo',
    ...(tempoText === undefined ? {} : { text: tempoText }),
    beat,
    perMinute,
  };
}

/** `"Am7"`: a chord symbol, or the fix for a misspelled one, or a word that belongs in a lyric line. */
function readChordSymbol(cursor: Cursor): LaneMark | undefined {
  const start = cursor.pos;
  const value = readString(cursor);
  if (value === undefined) return undefined;
  const symbol = chordSymbolOf(value);
  if (symbol !== undefined) return symbol;
  const end = cursor.pos;
  const fix = pastCap(cursor) ? undefined : chordSymbolFix(value);
  if (fix !== undefined) {
    report(
      cursor,
      'invalid-chord-symbol',
      start,
      end,
      `${quote(cursor, start, end)} is not a chord symbol as lanes-seq writes them.`,
      `write it "${fix}"`,
      { start, end, text: `"${fix}"` },
    );
    return undefined;
  }
  if (/^[\p{L}'’-]+$/u.test(value)) {
    report(
      cursor,
      'lyric-as-chord-symbol',
      start,
      end,
      `A string standing alone is a chord symbol, and ${quote(cursor, start, end)} is not one.`,
      `lyrics go in a lyric line under the lane (P1 s1 v1 m1 w1: ${value}); text above the staff is ^"${value}"`,
    );
    return undefined;
  }
  report(
    cursor,
    'invalid-chord-symbol',
    start,
    end,
    `${quote(cursor, start, end)} is not a chord symbol lanes-seq knows.`,
    'a chord symbol is a root A-G with # or b, a quality (m, 7, maj7, m7, dim, m7b5, sus4, 9, add9, ...) and an optional /bass: "F#m7b5", "C/E", "N.C."; text is ^"..."',
  );
  return undefined;
}

/** `:8` `:16` `:32` `:64`: a tremolo of 1 to 4 strokes. */
function readTremolo(cursor: Cursor): LaneMark | undefined {
  const { text } = cursor;
  const start = cursor.pos;
  let end = start + 1;
  while (end < cursor.contentEnd && isDigit(text.charCodeAt(end))) end++;
  cursor.pos = end;
  const strokes = TREMOLO_VALUES[text.slice(start + 1, end)];
  if (strokes !== undefined) return { kind: 'tremolo', strokes };
  report(
    cursor,
    'invalid-tremolo',
    start,
    Math.max(end, start + 1),
    `${quote(cursor, start, Math.max(end, start + 1))} is not a tremolo.`,
    'a tremolo is :8, :16, :32 or :64 (1 to 4 strokes)',
  );
  return undefined;
}

/** `!trill!` (ABC's decorations), or a lone `!` (`C4=1/4!`). */
function readAbcDecoration(cursor: Cursor): LaneMark | undefined {
  const { text } = cursor;
  const start = cursor.pos;
  let close = start + 1;
  while (close < cursor.contentEnd && close - start <= NAME_LIMIT) {
    const code = text.charCodeAt(close);
    if (code === BANG || isSpace(code)) break;
    close++;
  }
  if (text.charCodeAt(close) !== BANG || close === start + 1) {
    cursor.pos = start + 1;
    return unknownMark(
      cursor,
      start,
      start + 1,
      'a "!" alone is no mark: a fermata is \\fermata, a staccatissimo -!',
    );
  }
  cursor.pos = close + 1;
  const name = text.slice(start + 1, close);
  const fix = lanesSpelling(name) ?? ABC_DECORATIONS[name];
  return unknownMark(
    cursor,
    start,
    cursor.pos,
    fix === undefined
      ? 'ABC decorations (!...!) are not lanes-seq: marks are written as in LilyPond, \\p, \\trill, \\fermata, -. (see the table of marks)'
      : `ABC decorations (!...!) are not lanes-seq: write ${fix}`,
    fix,
  );
}

/** The canonical text of the mark a bare name means in lanes-seq (`p` is `\p`), or a finger `1` (`-1`). */
function lanesSpelling(name: string): string | undefined {
  const named = NAMED_MARKS.get(name);
  if (named !== undefined) return formatMark(named);
  if (/^[0-5]$/.test(name)) return `-${name}`;
  return undefined;
}

/** `{p}` (a dynamic in braces, as some notations write one). */
function readBracedName(cursor: Cursor): LaneMark | undefined {
  const { text } = cursor;
  const start = cursor.pos;
  let close = start + 1;
  while (close < cursor.contentEnd && close - start <= NAME_LIMIT) {
    const code = text.charCodeAt(close);
    if (code === CLOSE_BRACE || isSpace(code)) break;
    close++;
  }
  const closed = text.charCodeAt(close) === CLOSE_BRACE;
  cursor.pos = closed ? close + 1 : start + 1;
  const fix = closed ? lanesSpelling(text.slice(start + 1, close)) : undefined;
  return unknownMark(
    cursor,
    start,
    cursor.pos,
    fix === undefined
      ? 'marks are written as in LilyPond: \\p, \\trill, \\fermata, -. (see the table of marks)'
      : `write the mark as ${fix}`,
    fix,
  );
}

/**
 * `E4=1/4-.~`: a tie after marks. Reports it with the fix that moves it
 * before them, and returns true; false when the event is tied already (a
 * second `~`, left for the caller).
 */
function readTieAfterMarks(cursor: Cursor, count: number): boolean {
  const { value, text } = cursor;
  if (value.tie || count === 0) return false;
  const at = cursor.pos;
  cursor.pos++;
  const marksText = text.slice(value.durationEnd, at);
  const duration = text.slice(value.durationStart, value.durationEnd);
  report(
    cursor,
    'invalid-tie',
    at,
    at + 1,
    'The tie "~" stands after the marks.',
    duration === ''
      ? `a tie goes right after the event, before the marks: ~${marksText}`
      : `a tie goes right after the duration, before the marks: =${duration}~${marksText}`,
    { start: value.durationEnd, end: at + 1, text: `~${marksText}` },
  );
  return true;
}
