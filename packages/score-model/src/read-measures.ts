/**
 * Reading a range of measures as canonical lanes-seq, with the context an
 * agent needs to rewrite it.
 */

import type { Clef } from '@scorelane/lanes-seq';
import {
  formatPitch,
  formatRational,
  type Lane,
  type LanesDocument,
  type LyricLine,
  type Rational,
  serialize,
} from '@scorelane/lanes-seq';
import { appendAll } from './append.ts';
import { clefBeforeIn, clefChangesOf, type PlacedClefChange } from './clef-changes.ts';
import { formatKey } from './key-signature.ts';
import { marksNotShownLines } from './marks-not-shown.ts';
import { barlinePhrase } from './measure-barlines.ts';
import { oneLine } from './one-line.ts';
import { noPartsNamed, noScore } from './plan-support.ts';
import { describePrintedNumbers } from './printed-number-phrase.ts';
import { printedNumbersIn } from './printed-numbers.ts';
import type { Problem, Result } from './problem.ts';
import { currentRevision } from './revision.ts';
import { sameKey, sameTime } from './same-signature.ts';
import type { Score } from './score.ts';
import type { KeySignature, TimeSignature } from './score-types.ts';
import { measureInfos, type ScoreView, viewScore } from './score-view.ts';
import { tiedInFrom } from './tied-in.ts';
import { tiedPitches, tiesLeaving } from './ties.ts';
import { unitLanes, unitLyricLines } from './unit-lanes.ts';
import { unwritableLaneLines } from './unwritable-lanes.ts';

/**
 * The most measures one read may cover.
 *
 * @example
 * ```ts
 * readMeasures(score, { start: 1, end: MAX_READ_MEASURES });
 * ```
 */
export const MAX_READ_MEASURES = 64;

/**
 * Which measures and parts to read; 1-based and inclusive. `parts` left out means all.
 *
 * @example
 * ```ts
 * const request: ReadRequest = { start: 1, end: 8, parts: [1, 2] };
 * ```
 */
export interface ReadRequest {
  readonly start: number;
  readonly end: number;
  readonly parts?: readonly number[];
  /**
   * `false` reads the notes alone: no marks, no `@` items, no lyric lines,
   * no `% marks not shown` lines. Left out, a read shows every mark.
   */
  readonly marks?: boolean;
}

/**
 * What a reader needs beside the lanes.
 *
 * @example
 * ```ts
 * const read = readMeasures(score, { start: 9, end: 12 });
 * if (read.ok) read.context.times; // [{ measure: 9, beats: 4, beatType: 4 }, ...]
 * ```
 */
export interface ReadContext {
  readonly title?: string;
  readonly measureCount: number;
  readonly start: number;
  readonly end: number;
  readonly parts: readonly {
    readonly part: number;
    readonly name: string;
    readonly staves: number;
    readonly clefs: readonly Clef[];
  }[];
  /** The time in force at `start`, then every change inside the range. */
  readonly times: readonly ({ readonly measure: number } & TimeSignature)[];
  /** The key in force at `start`, then every change inside the range. */
  readonly keys: readonly ({ readonly measure: number } & KeySignature)[];
  /** Measures in the range shorter (or longer) than their time signature. */
  readonly pickups: readonly { readonly measure: number; readonly length: Rational }[];
  /** Printed numbers of the measures whose printed number is not their index. */
  readonly printedNumbers: readonly { readonly measure: number; readonly number: string }[];
  /** Clef changes inside the range (the parts' `clefs` are those in force as `start` begins). */
  readonly clefChanges: readonly PlacedClefChange[];
  /**
   * The range's bar lines other than plain ones, as the `%` line writes
   * them (`m1 |:, m8 [1. ] :|, m9 [2. ) |.`); `''` when all are plain.
   */
  readonly barlines: string;
  /** Ties from the measure before `start` into it, per lane. */
  readonly tiesIn: readonly { readonly lane: string; readonly pitches: readonly string[] }[];
}

/**
 * A successful read.
 *
 * @example
 * ```ts
 * const read = readMeasures(score, { start: 1, end: 4 });
 * if (read.ok) plan(score, { start: 1, text: read.text, revision: read.revision });
 * ```
 */
export interface ReadOutput {
  /** `%` context lines, then the lanes in canonical form. */
  readonly text: string;
  /** The lanes alone, canonical: what a rewrite of the same range would submit unchanged. */
  readonly lanes: string;
  readonly document: LanesDocument;
  readonly context: ReadContext;
  readonly revision: string;
}

/** Checks a range request against the score, returning the selected part numbers. */
export function checkRange(
  view: ScoreView,
  start: number,
  end: number,
  parts: readonly number[] | undefined,
  limit: number,
): { ok: true; parts: number[] } | { ok: false; problems: Problem[] } {
  const missing = noScore(view);
  if (missing) return { ok: false, problems: [missing] };
  const problems: Problem[] = [];
  const count = view.measureCount;
  if (
    !Number.isInteger(start) ||
    !Number.isInteger(end) ||
    start < 1 ||
    end < start ||
    end > count
  ) {
    problems.push({
      code: 'invalid-range',
      message: `Measures ${start}-${end} are not a range of this score, which has measures 1-${count}.`,
      fix: `Give a start and end with 1 <= start <= end <= ${count}.`,
    });
  } else if (end - start + 1 > limit) {
    problems.push({
      code: 'invalid-range',
      message: `Measures ${start}-${end} are ${end - start + 1} measures; at most ${limit} fit in one call.`,
      fix: `Split the range, for example ${start}-${start + limit - 1}.`,
    });
  }
  const partCount = view.parts.length;
  if (parts && parts.length === 0) problems.push(noPartsNamed(partCount));
  const selected = parts
    ? [...new Set(parts)].sort((a, b) => a - b)
    : view.parts.map((p) => p.index);
  for (const part of selected) {
    if (!Number.isInteger(part) || part < 1 || part > partCount) {
      problems.push({
        code: 'unknown-part',
        message: `There is no part ${part}; the score has parts 1-${partCount}.`,
        fix: `Name parts between 1 and ${partCount}.`,
      });
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, parts: selected };
}

/**
 * The context of a range: parts, signatures in force and changing, pickups,
 * printed numbers and ties entering it.
 */
export function readContext(
  view: ScoreView,
  start: number,
  end: number,
  parts: readonly number[],
): ReadContext {
  const times: ({ measure: number } & TimeSignature)[] = [];
  const keys: ({ measure: number } & KeySignature)[] = [];
  const pickups: { measure: number; length: Rational }[] = [];
  const printedNumbers: { measure: number; number: string }[] = [];
  let previous = view.measure(start - 1)?.info;
  const numbers = printedNumbersIn(view, start, end);
  for (let index = start; index <= end; index++) {
    const info = view.measure(index)!.info;
    if (index === start || !previous || !sameTime(previous.time, info.time)) {
      times.push({ measure: index, ...info.time });
    }
    if (index === start || !previous || !sameKey(previous.key, info.key)) {
      keys.push({ measure: index, ...info.key });
    }
    if (info.pickup) pickups.push({ measure: index, length: info.pickup });
    const printed = numbers[index - start];
    if (printed !== undefined && printed !== String(index)) {
      printedNumbers.push({ measure: index, number: printed });
    }
    previous = info;
  }
  const tiesIn: { lane: string; pitches: string[] }[] = [];
  for (const part of parts) {
    const info = view.parts[part - 1]!.info;
    for (let staff = 1; staff <= info.staves; staff++) {
      const before = view.unit(part, staff, start - 1);
      for (const voice of before?.content.voices ?? []) {
        // The last sounding event's ties, and those of a grace note ending the lane.
        const pitches = tiesLeaving(voice.events).flatMap((at) => tiedPitches(voice.events[at]!));
        if (pitches.length > 0) {
          tiesIn.push({
            lane: `P${part} s${staff} v${voice.voice} m${start}`,
            pitches: pitches.map(formatPitch),
          });
        }
      }
    }
  }
  const title = view.texts.title;
  return {
    ...(title !== undefined ? { title } : {}),
    measureCount: view.measureCount,
    start,
    end,
    parts: parts.map((part) => {
      const info = view.parts[part - 1]!.info;
      const clefs = info.clefs.map((_, staff) => clefBeforeIn(view, part, staff + 1, start));
      return { part, name: info.name, staves: info.staves, clefs };
    }),
    times,
    keys,
    pickups,
    printedNumbers,
    clefChanges: clefChangesOf(view, start, end, parts),
    barlines: barlinePhrase(measureInfos(view, end), start, end),
    tiesIn,
  };
}

/** The `%` lines that describe a context, then `notes` (lanes not writable as read), then the revision. */
export function contextLines(
  context: ReadContext,
  revision: string,
  notes: readonly string[] = [],
): string {
  const lines: string[] = [];
  const title = context.title !== undefined ? `${oneLine(context.title)}: ` : '';
  const measures =
    context.start === context.end
      ? `measure ${context.start}`
      : `measures ${context.start}-${context.end}`;
  lines.push(`% ${title}${measures} of ${context.measureCount}`);
  for (const part of context.parts) {
    const staves = `${part.staves} ${part.staves === 1 ? 'staff' : 'staves'}`;
    lines.push(
      `% P${part.part} ${part.name.trim() === '' ? '(unnamed)' : JSON.stringify(part.name)}: ${staves}, clefs ${part.clefs.join(',')}`,
    );
  }
  lines.push(
    `% time ${context.times.map((t) => `${t.beats}/${t.beatType} from m${t.measure}`).join(', ')}`,
  );
  lines.push(`% key ${context.keys.map((k) => `${formatKey(k)} from m${k.measure}`).join(', ')}`);
  for (const pickup of context.pickups) {
    lines.push(`% pickup m${pickup.measure} ${formatRational(pickup.length)}`);
  }
  if (context.printedNumbers.length > 0) {
    const numbers = describePrintedNumbers(context.printedNumbers, context.start, context.end);
    lines.push(`% printed numbers: ${numbers}`);
  }
  for (const change of context.clefChanges) {
    const at = change.onset.num === 0 ? '' : ` at ${formatRational(change.onset)}`;
    lines.push(
      `% clef ${change.clef} on P${change.part} s${change.staff} from m${change.measure}${at}`,
    );
  }
  if (context.barlines !== '') lines.push(`% bar lines ${context.barlines}`);
  for (const tie of context.tiesIn) {
    lines.push(`% tied in from the measure before: ${tie.lane} ${tie.pitches.join(' ')}`);
  }
  appendAll(lines, notes);
  lines.push(`% revision ${revision}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Reads measures `start`-`end` (at most 64) of the named parts as canonical
 * lanes-seq, with `%` context lines, the structured context and the revision.
 *
 * @example
 * ```ts
 * const result = readMeasures(score, { start: 1, end: 2, parts: [1] });
 * if (result.ok) console.log(result.text);
 * // % Ode: measures 1-2 of 16
 * // % P1 "Violin": 1 staff, clefs treble
 * // % time 4/4 from m1
 * // % key D major from m1
 * // % revision r1.AQLs2ca1CQM
 * // P1 s1 v1 m1: F#4=1/4 F#4 G4 A4 | A4 G4 F#4 E4
 * ```
 */
export function readMeasures(score: Score, request: ReadRequest): Result<ReadOutput> {
  const view = viewScore(score);
  const checked = checkRange(view, request.start, request.end, request.parts, MAX_READ_MEASURES);
  if (!checked.ok) return checked;
  const marks = request.marks !== false;
  const lanes: Lane[] = [];
  const lyrics: LyricLine[] = [];
  const notShown: string[] = [];
  for (let measure = request.start; measure <= request.end; measure++) {
    for (const part of checked.parts) {
      const staves = view.parts[part - 1]!.info.staves;
      for (let staff = 1; staff <= staves; staff++) {
        const unit = view.unit(part, staff, measure)!;
        appendAll(lanes, unitLanes(part, staff, measure, unit.content, marks));
        if (!marks) continue;
        const tiedIn = tiedInFrom(view.unit(part, staff, measure - 1)?.content);
        appendAll(lyrics, unitLyricLines(part, staff, measure, unit.content, tiedIn));
        appendAll(notShown, marksNotShownLines(part, staff, measure, unit.content, tiedIn));
      }
    }
  }
  const document: LanesDocument = lyrics.length > 0 ? { lanes, lyrics } : { lanes };
  const revision = currentRevision(score);
  const context = readContext(view, request.start, request.end, checked.parts);
  const text = serialize(document);
  const notes = [...unwritableLaneLines(text), ...notShown];
  return {
    ok: true,
    text: contextLines(context, revision, notes) + text,
    lanes: text,
    document,
    context,
    revision,
  };
}
