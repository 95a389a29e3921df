/**
 * `parseMarks`: the marks document of a marks-only write (`write_marks`),
 * lanes of `*` items with their marks, `@` items and lyric lines, read by the
 * same readers as `parse`.
 */
import type { LaneLocation, LyricLocation } from './document.ts';
import type { LanesIssue } from './issue.ts';
import type { LaneMark, LyricLine, OnsetMarks } from './marks.ts';
import { readText } from './parse.ts';
import { boundedIssues } from './problem-cap.ts';

/**
 * A lane of a marks document: `P1 s1 v1 m3: *( * * *)`. `marks[i]` are the
 * marks written on the i-th `*`, the i-th event of that voice in that measure
 * (`[]` for a `*` without marks); events past the last `*` are not written.
 */
export interface MarksLane {
  readonly part: number;
  readonly staff: number;
  readonly voice: number;
  readonly measure: number;
  /** One list per `*`, each in canonical order. */
  readonly marks: readonly (readonly LaneMark[])[];
  /** The lane's `@` items in text order, unchecked against the score; left out when none. */
  readonly onsetMarks?: readonly OnsetMarks[];
}

/** A marks document: its lanes in canonical order, and its lyric lines (left out when none). */
export interface MarksDocument {
  readonly lanes: readonly MarksLane[];
  readonly lyrics?: readonly LyricLine[];
}

/** The result of {@link parseMarks}. */
export type MarksParseResult =
  | {
      readonly ok: true;
      readonly document: MarksDocument;
      readonly issues: readonly [];
      /** Where each lane came from, parallel to `document.lanes`; `eventStarts` are the `*` items. */
      readonly locations: readonly LaneLocation[];
      /** Where each lyric line came from, parallel to `document.lyrics`; left out when none. */
      readonly lyricLocations?: readonly LyricLocation[];
    }
  | { readonly ok: false; readonly issues: readonly LanesIssue[] };

/**
 * Parses a marks document (SPEC.md section 15): lanes whose events are all
 * `*`, each with its marks, plus `@` items and lyric lines. Which event a `*`
 * stands for, whether it takes its marks, and where the `@` onsets fall are
 * checked by the planner against the score. Never throws on a string;
 * linear time; the problem cap applies.
 *
 * @example
 * ```ts
 * const result = parseMarks('P1 s1 v1 m3: *( * * *)\nP1 s1 v1 m1 w1: Freu- de\n');
 * if (result.ok) result.document.lanes[0].marks; // [[{ kind: 'slur', type: 'start', level: 1 }], [], [], [{ kind: 'slur', type: 'stop', level: 1 }]]
 * ```
 */
export function parseMarks(text: string): MarksParseResult {
  if (typeof text !== 'string') {
    throw new TypeError(
      `parseMarks() takes a string, got ${text === null ? 'null' : typeof text}.`,
    );
  }
  const read = readText(text, true);
  if (read.tally.count > 0) return { ok: false, issues: boundedIssues(read.issues, read.tally) };
  const lanes = read.document.lanes.map((lane): MarksLane => {
    const marks = lane.events.map((event) => event.marks ?? []);
    const { part, staff, voice, measure } = lane;
    return lane.onsetMarks === undefined
      ? { part, staff, voice, measure, marks }
      : { part, staff, voice, measure, marks, onsetMarks: lane.onsetMarks };
  });
  const { lyrics } = read.document;
  const document: MarksDocument = lyrics === undefined ? { lanes } : { lanes, lyrics };
  return {
    ok: true,
    document,
    issues: [],
    locations: read.locations,
    ...(read.lyricLocations === undefined ? {} : { lyricLocations: read.lyricLocations }),
  };
}
