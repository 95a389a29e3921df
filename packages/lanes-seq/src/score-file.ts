/**
 * `.lanes` score files: a lanes-seq document whose `%%` comment lines are
 * directives that say what the lanes alone cannot (title, parts, measure
 * count, time and key changes, pickups). Any lanes-seq parser still reads the
 * file, since a directive is a comment to it.
 */
import type { LaneLocation, LanesDocument } from './document.ts';
import type { IssueCode, LanesIssue } from './issue.ts';
import { readText } from './parse.ts';
import { boundedIssues } from './problem-cap.ts';
import { compare, formatRational, type Rational } from './rational.ts';
import {
  DirectiveReporter,
  directiveLines,
  finishHeader,
  type HeaderDraft,
  readDirective,
} from './read-directives.ts';
import { type ScoreFile, type ScoreHeader, timeLength } from './score-header.ts';
import { contentStart, pointOnLine } from './source-text.ts';
/** The result of {@link parseScoreFile}. */
export type ScoreFileResult =
  | {
      readonly ok: true;
      readonly score: ScoreFile;
      readonly issues: readonly [];
      readonly locations: readonly LaneLocation[];
    }
  | { readonly ok: false; readonly issues: readonly LanesIssue[] };

/**
 * Reads a `.lanes` score file: its directives into a typed header, its lanes
 * into a document, and every problem in either, with line and column. An
 * unknown directive is a problem, never skipped. The lanes must name declared
 * parts and staves and lie inside the measure count; whether they fill their
 * measures is for the score model to check.
 *
 * @example
 * ```ts
 * const result = parseScoreFile([
 *   '%% title: Ode',
 *   '%% part P1 name="Violin" staves=1 clefs=treble',
 *   '%% time m1 4/4',
 *   '%% key m1 D major',
 *   'P1 s1 v1 m1: F#4=1/4 F#4=1/4 G4=1/4 A4=1/4',
 * ].join('\n'));
 * if (result.ok) result.score.header.keys[0].fifths; // 2
 * ```
 */
export function parseScoreFile(text: string): ScoreFileResult {
  const lanes = readText(text);
  const reporter = new DirectiveReporter(text);
  const state: HeaderDraft = {
    texts: new Map(),
    parts: [],
    partLines: [],
    times: [],
    keys: [],
    pickups: [],
    clefChanges: [],
    barlines: [],
    given: new Set(),
  };
  for (const directive of directiveLines(text)) readDirective(text, directive, state, reporter);

  const readable = lanes.tally.count === 0;
  const issues: LanesIssue[] = [...lanes.issues, ...reporter.issues];
  const header = finishHeader(state);
  if (readable) checkLanesAgainstHeader(text, lanes.document, lanes.locations, header, issues);
  checkHeader(text, header, state, issues);
  if (issues.length > 0 || !readable) {
    issues.sort((a, b) => a.span.start.offset - b.span.start.offset);
    return { ok: false, issues: boundedIssues(issues, lanes.tally) };
  }
  return {
    ok: true,
    score: { header, document: lanes.document },
    issues: [],
    locations: lanes.locations,
  };
}

function fileIssue(
  text: string,
  code: IssueCode,
  offset: number,
  line: number,
  lineStart: number,
  message: string,
  hint: string,
  end = offset,
): LanesIssue {
  const span = {
    start: pointOnLine(text, line, lineStart, offset),
    end: pointOnLine(text, line, lineStart, end),
  };
  return { code, message, line, column: span.start.column, span, hint };
}

function checkHeader(
  text: string,
  header: ScoreHeader,
  draft: HeaderDraft,
  issues: LanesIssue[],
): void {
  const start = contentStart(text);
  const at = draft.firstDirective;
  const where = at ?? { line: 1, lineStart: start, bodyStart: start, end: start };
  const required: readonly (readonly [present: boolean, message: string, hint: string])[] = [
    [
      header.parts.length > 0 || draft.partWritten === true,
      'The score file declares no part.',
      'declare each part before the lanes: %% part P1 name="Violin" staves=1 clefs=treble',
    ],
    [
      header.times[0]?.measure === 1,
      'The score file gives no time signature at m1.',
      'give the opening time signature: %% time m1 4/4',
    ],
    [
      header.keys[0]?.measure === 1,
      'The score file gives no key at m1.',
      'give the opening key: %% key m1 C major',
    ],
  ];
  for (const [present, message, hint] of required) {
    if (!present) {
      issues.push(
        fileIssue(
          text,
          'missing-directive',
          where.lineStart,
          where.line,
          where.lineStart,
          message,
          hint,
        ),
      );
    }
  }
  const count = header.measures;
  if (count !== undefined) {
    for (const change of [
      ...draft.times,
      ...draft.keys,
      ...draft.pickups,
      ...draft.clefChanges,
      ...draft.barlines,
    ]) {
      if (change.measure <= count) continue;
      const at = change.at;
      issues.push(
        fileIssue(
          text,
          'measure-out-of-range',
          at.lineStart,
          at.line,
          at.lineStart,
          `This directive names m${change.measure}, past the ${count} measures the file declares.`,
          `raise the count to %% measures ${change.measure}, or remove the directive`,
          at.end,
        ),
      );
    }
  }
  checkClefChanges(text, header, draft, issues);
  // The time in force at each pickup: both lists in measure order, walked together.
  const pickups = [...draft.pickups].sort((a, b) => a.measure - b.measure);
  let timeIndex = -1;
  for (const pickup of pickups) {
    while ((header.times[timeIndex + 1]?.measure ?? Number.POSITIVE_INFINITY) <= pickup.measure)
      timeIndex++;
    const time = header.times[timeIndex];
    if (time === undefined) continue;
    const full = timeLength(time);
    if (pickup.length.num * full.den >= full.num * pickup.length.den) {
      const p = pickup.at;
      issues.push(
        fileIssue(
          text,
          'invalid-directive',
          p.lineStart,
          p.line,
          p.lineStart,
          `The pickup at m${pickup.measure} (${formatRational(pickup.length)}) is not shorter than its measure (${formatRational(full)} in ${time.beats}/${time.beatType}).`,
          'a pickup is shorter than the time signature: remove the directive for a full measure',
          p.end,
        ),
      );
    }
  }
}

/** The length of measure `measure`: its pickup, else the time in force. */
function measureLength(header: ScoreHeader, measure: number): Rational | undefined {
  const pickup = header.pickups.find((entry) => entry.measure === measure);
  if (pickup) return pickup.length;
  const time = header.times.filter((entry) => entry.measure <= measure).pop();
  return time && timeLength(time);
}

/** Each clef change names a declared part and staff, and an onset inside its measure. */
function checkClefChanges(
  text: string,
  header: ScoreHeader,
  draft: HeaderDraft,
  issues: LanesIssue[],
): void {
  for (const change of draft.clefChanges) {
    const at = change.at;
    const part = header.parts[change.part - 1];
    const report = (code: IssueCode, message: string, hint: string) =>
      issues.push(
        fileIssue(text, code, at.lineStart, at.line, at.lineStart, message, hint, at.end),
      );
    if (!part || change.staff > part.staves) {
      if (header.parts.length === 0) continue; // reported once as a missing part directive
      report(
        'undeclared-part',
        part
          ? `This clef is for staff ${change.staff} of P${change.part}, which has ${part.staves}.`
          : `This clef is for P${change.part}, which is not declared.`,
        'name a declared part and one of its staves, or declare it first',
      );
      continue;
    }
    const length = measureLength(header, change.measure);
    if (length && compare(change.onset, length) >= 0) {
      report(
        'invalid-directive',
        `The clef at ${formatRational(change.onset)} of m${change.measure} lies past its end (${formatRational(length)}).`,
        `give an onset before ${formatRational(length)}, in whole notes after the bar line`,
      );
    }
  }
}

function checkLanesAgainstHeader(
  text: string,
  document: LanesDocument,
  locations: readonly LaneLocation[],
  header: ScoreHeader,
  issues: LanesIssue[],
): void {
  if (header.parts.length === 0) return; // reported once as a missing part directive
  document.lanes.forEach((lane, index) => {
    const location = locations[index]!;
    const { lineStart } = location;
    const part = header.parts[lane.part - 1];
    const key = `P${lane.part} s${lane.staff} v${lane.voice} m${lane.measure}`;
    if (part === undefined) {
      issues.push(
        fileIssue(
          text,
          'undeclared-part',
          location.start,
          location.line,
          lineStart,
          `Lane ${key} names part P${lane.part}, but the file declares ${header.parts.length} part${header.parts.length === 1 ? '' : 's'}.`,
          `declare it with %% part P${lane.part} name="..." staves=1 clefs=treble, or use a declared part`,
          location.end,
        ),
      );
    } else if (lane.staff > part.staves) {
      issues.push(
        fileIssue(
          text,
          'undeclared-part',
          location.start,
          location.line,
          lineStart,
          `Lane ${key} names staff ${lane.staff}, but part P${lane.part} has ${part.staves} staff${part.staves === 1 ? '' : 's'}.`,
          `use s1${part.staves > 1 ? ` to s${part.staves}` : ''}, or raise staves= in the part directive`,
          location.end,
        ),
      );
    }
    if (header.measures !== undefined && lane.measure > header.measures) {
      issues.push(
        fileIssue(
          text,
          'measure-out-of-range',
          location.start,
          location.line,
          lineStart,
          `Lane ${key} is past the ${header.measures} measures the file declares.`,
          `raise the count to %% measures ${lane.measure}, or remove the lane`,
          location.end,
        ),
      );
    }
  });
}
