/**
 * The marks-only planner (`write_marks`): a lanes-seq marks document
 * (`parseMarks`: lanes of `*` items, `@` items, lyric lines) changes the
 * marks of events already there, and never their notes. Same plan type as
 * a rewrite, so applying, dry runs, staleness, undo and review work alike.
 */
import {
  type Lane,
  type LaneLocation,
  laneKey,
  type MarksLane,
  parseMarks,
} from '@scorelane/lanes-seq';
import { appendAll } from './append.ts';
import { carryMarks, type LostMarks } from './carry-marks.ts';
import { sameUnitContent } from './codec.ts';
import { describeLostMarks } from './dropped-marks.ts';
import { admitLyricLines } from './lyric-admission.ts';
import { markLocator } from './mark-locator.ts';
import type { MarksMode } from './marks-edit.ts';
import { editLane } from './marks-lane-edit.ts';
import { noScore, revisionProblems } from './plan-support.ts';
import type { PlannedWrite, ScorePlan, UnitChange } from './plan-types.ts';
import type { Result } from './problem.ts';
import { ProblemList } from './problem-list.ts';
import { currentRevision } from './revision.ts';
import { admitLanes, MAX_REWRITE_MEASURES } from './rewrite-admission.ts';
import type { Score } from './score.ts';
import type { UnitContent, VoiceContent } from './score-types.ts';
import { viewScore } from './score-view.ts';
import { checkSpans } from './span-check.ts';
import type { UnitRef } from './staleness.ts';
import { syntaxProblems } from './syntax-problems.ts';
import { placeFor } from './text-place.ts';
import { tiedInFrom } from './tied-in.ts';
import { unitName, unitText } from './unit-lanes.ts';
import { writtenContents } from './written-content.ts';

/**
 * A marks-only write.
 *
 * @example
 * ```ts
 * const request: WriteMarksRequest = { text: 'P1 s1 v1 m5: *\\p\n', mode: 'add', revision };
 * ```
 */
export interface WriteMarksRequest {
  /** A lanes-seq marks document: `P1 s1 v1 m3: *( * * *)`, `@` items, lyric lines. */
  readonly text: string;
  /**
   * `'add'` (the default): each mark is added, the same mark is not doubled,
   * and a dynamic, tempo or chord symbol replaces the one at its place;
   * `'remove'`: each mark is removed (one that is not there is a problem);
   * `'replace'`: each written event's (and `@` onset's) marks are exactly
   * what is written. A lyric line sets its verse in every mode.
   */
  readonly mode?: MarksMode;
  /** The first measure the text may write; left out, its first lane's. */
  readonly start?: number;
  /** The last measure the text may write; left out, up to 32 measures from `start`. */
  readonly end?: number;
  /** The parts the text may write; left out, all. */
  readonly parts?: readonly number[];
  /** The revision the text was written against; a write to units changed since is refused. */
  readonly revision?: string;
}

/** The marks lanes as lanes with one event per `*`, so admission and spans read them as lanes. */
function asLanes(lanes: readonly MarksLane[]): Lane[] {
  return lanes.map((lane) => ({
    part: lane.part,
    staff: lane.staff,
    voice: lane.voice,
    measure: lane.measure,
    events: lane.marks.map((marks) => ({
      kind: 'space' as const,
      duration: { num: 0, den: 1 },
      grace: false as const,
      ...(marks.length > 0 ? { marks } : {}),
    })),
  }));
}

/**
 * Plans a marks-only write without touching the document. Each lane must be
 * for a voice the score has, with no more `*` than it has events, each mark
 * fitting its event; removals must find their marks; spans must open and
 * close in the same part, staff and voice on the score as it would be.
 *
 * @example
 * ```ts
 * const result = planWriteMarks(score, { text: 'P1 s1 v1 m1: *"Am"\n' });
 * if (result.ok) apply(score, result.plan);
 * ```
 */
export function planWriteMarks(
  score: Score,
  request: WriteMarksRequest,
): Result<{ plan: ScorePlan }> {
  const view = viewScore(score);
  const missing = noScore(view);
  if (missing) return { ok: false, problems: [missing] };
  const mode = request.mode ?? 'add';
  const parsed = parseMarks(request.text);
  if (!parsed.ok) return { ok: false, problems: syntaxProblems(request.text, parsed.issues) };
  const problems = new ProblemList();
  const { document, locations } = parsed;
  const lyrics = document.lyrics ?? [];
  if (document.lanes.length === 0 && lyrics.length === 0) {
    problems.push({
      code: 'no-lanes',
      message: 'The text holds no lanes and no lyric lines, so there is nothing to write.',
      fix: 'Write one line per voice whose marks change, for example "P1 s1 v1 m1: *\\p".',
    });
    return { ok: false, problems: problems.toArray() };
  }
  const measures = [...document.lanes, ...lyrics].map((lane) => lane.measure);
  const start = request.start ?? Math.min(...measures);
  const count = view.measureCount;
  const admission = {
    start,
    ...(request.end === undefined ? {} : { end: request.end }),
    ...(request.parts === undefined ? {} : { parts: request.parts }),
    text: request.text,
  };
  const lanes = asLanes(document.lanes);
  const inScore: Lane[] = [];
  const inScoreLocations: LaneLocation[] = [];
  lanes.forEach((lane, index) => {
    if (lane.measure <= count) {
      inScore.push(lane);
      inScoreLocations.push(locations[index]!);
      return;
    }
    problems.push({
      code: 'invalid-range',
      lane: laneKey(lane),
      ...placeFor(request.text, locations[index])(undefined),
      message: `${laneKey(lane)} is past the last measure, m${count}; write_marks puts marks on notes that are there.`,
      fix: `Use a measure between m1 and m${count}, or write the notes first with rewrite_measures.`,
    });
  });
  const { written } = admitLanes(view, admission, inScore, inScoreLocations, problems);
  const lyricAdmission = admitLyricLines(
    view,
    admission,
    lyrics,
    parsed.lyricLocations ?? [],
    new Map(),
    problems,
  );

  // Each written lane's marks onto the voice the score holds.
  const contents = new Map<string, UnitContent>();
  for (const [key, unit] of written) {
    const existing = view.unit(unit.part, unit.staff, unit.measure)!.content;
    const voices: VoiceContent[] = existing.voices.map((voice) => {
      const entry = unit.voices.get(voice.voice);
      if (!entry) return voice;
      const marksLane = document.lanes[lanes.indexOf(entry.lane)]!;
      return editLane(voice, marksLane, mode, {
        text: request.text,
        location: locations[lanes.indexOf(entry.lane)],
        problems,
      });
    });
    for (const [voice, { lane, index }] of unit.voices) {
      if (existing.voices.some((held) => held.voice === voice)) continue;
      problems.push({
        code: 'unknown-voice',
        lane: laneKey(lane),
        ...placeFor(request.text, inScoreLocations[index])(undefined),
        message: `${laneKey(lane)} is for voice ${voice}, but ${unitName(unit.part, unit.staff, unit.measure)} has ${existing.voices.map((held) => `v${held.voice}`).join(', ')}.`,
        fix: 'Put the marks on a voice that is there (read the measure to see its voices).',
      });
    }
    contents.set(key, { ...existing, voices });
  }
  // Lyric lines set their verse on the voices as edited.
  const lyricContents = writtenContents(
    view,
    request.text,
    new Map(),
    lyricAdmission,
    parsed.lyricLocations,
    problems,
    contents,
  );
  for (const [key, content] of lyricContents) contents.set(key, content);
  const refs: UnitRef[] = [...contents.keys()].map((key) => {
    const [part, staff, measure] = key.split('/').map(Number) as [number, number, number];
    return { part, staff, measure };
  });
  const locate = markLocator(
    request.text,
    document.lanes.map((lane) => ({ ...lane, eventMarks: lane.marks })),
    locations,
  );
  checkSpans(view, contents, locate, problems);
  const targets = {
    units: refs,
    measures: refs.map((ref) => ref.measure),
    lastIndex: Math.min(Math.max(start, ...refs.map((ref) => ref.measure)), count),
  };
  problems.pushAll(revisionProblems(view, request.revision, targets));
  if (problems.count > 0) return { ok: false, problems: problems.toArray() };
  if (Math.max(...refs.map((ref) => ref.measure)) - start >= MAX_REWRITE_MEASURES) {
    // admitLanes has refused such lanes already; this keeps the plan's range honest.
    throw new Error('write_marks admitted a lane past its range.');
  }

  const changes: UnitChange[] = [];
  const lost: LostMarks[] = [];
  const writes: PlannedWrite[] = [];
  const sorted = refs.sort((a, b) => a.measure - b.measure || a.part - b.part || a.staff - b.staff);
  for (const ref of sorted) {
    const existing = view.unit(ref.part, ref.staff, ref.measure)!.content;
    const content = contents.get(`${ref.part}/${ref.staff}/${ref.measure}`)!;
    const tiedIn = tiedInFrom(view.unit(ref.part, ref.staff, ref.measure - 1)?.content);
    appendAll(lost, carryMarks(ref, existing, content, true, tiedIn, tiedIn).lost);
    const unchanged = sameUnitContent(existing, content);
    changes.push({
      unit: unitName(ref.part, ref.staff, ref.measure),
      ...ref,
      reason: 'marks',
      before: unitText(ref.part, ref.staff, ref.measure, existing, tiedIn),
      after: unitText(ref.part, ref.staff, ref.measure, content, tiedIn),
      ...(unchanged ? { unchanged: true as const } : {}),
    });
    if (!unchanged) writes.push({ op: 'unit', ...ref, content });
  }
  return {
    ok: true,
    plan: {
      kind: 'write-marks',
      basis: currentRevision(score),
      measureCount: count,
      range: { start: sorted[0]!.measure, end: sorted[sorted.length - 1]!.measure },
      parts: [...new Set(sorted.map((ref) => ref.part))].sort((a, b) => a - b),
      addedMeasures: 0,
      removedMeasures: 0,
      changes,
      repairs: [],
      tuplets: [],
      splits: [],
      dropped: lost.map((drop) => describeLostMarks(view, drop)),
      writes,
      targets,
    },
  };
}
