/**
 * The rewrite planner: a pure function from the score as it is and a
 * lanes-seq request to a complete plan, or to every problem found.
 */
import {
  type LaneLocation,
  type LanesDocument,
  laneKey,
  type ParseOptions,
  parse,
} from '@scorelane/lanes-seq';
import { appendAll } from './append.ts';
import { carryAttachments } from './attachments.ts';
import { carryMarks, type LostMarks } from './carry-marks.ts';
import { sameUnitContent } from './codec.ts';
import { describeLosses, describeLostMarks, type LostAttachment } from './dropped-marks.ts';
import { admitLyricLines } from './lyric-admission.ts';
import { markLocator } from './mark-locator.ts';
import { restUnit } from './measure-length.ts';
import { allUnits, noScore, revisionProblems, span } from './plan-support.ts';
import type { PlannedWrite, ScorePlan, UnitChange } from './plan-types.ts';
import type { Result } from './problem.ts';
import { ProblemList } from './problem-list.ts';
import { currentRevision } from './revision.ts';
import { admitLanes, MAX_REWRITE_MEASURES, type WrittenUnit } from './rewrite-admission.ts';
import { checkTiesOut, repairTiesBefore } from './rewrite-ties.ts';
import { rewriteTime } from './rewrite-time.ts';
import type { Score } from './score.ts';
import { scoreLimitProblems } from './score-limits.ts';
import type { MeasureInfo, ScoreEvent, TimeSignature, UnitContent } from './score-types.ts';
import { type ScoreView, viewScore } from './score-view.ts';
import { checkSpans, dropLooseSpans } from './span-check.ts';
import type { UnitRef } from './staleness.ts';
import { syntaxProblems } from './syntax-problems.ts';
import { placeFor } from './text-place.ts';
import { tiedInFrom } from './tied-in.ts';
import { timeSignatureProblems } from './time-signature-check.ts';
import { notesOnlyEvent, unitName, unitText } from './unit-lanes.ts';
import { checkVoice, type SplitEvent, type TupletGroup } from './voice-check.ts';
import { writesMarks, writtenContents } from './written-content.ts';

/**
 * A rewrite: lanes-seq text replacing the units it names, from `start`.
 *
 * @example
 * ```ts
 * const request: RewriteRequest = {
 *   start: 3,
 *   parts: [1],
 *   text: 'P1 s1 v1 m3: E4=1/4 E4=1/4 F4=1/4 G4=1/4\n',
 *   revision: read.revision,
 * };
 * ```
 */
export interface RewriteRequest {
  /** The first measure of the range, 1-based. */
  readonly start: number;
  /** The last measure of the range; left out, the range ends at the last lane. */
  readonly end?: number;
  /** The parts the rewrite may touch, 1-based; left out means all. */
  readonly parts?: readonly number[];
  /** lanes-seq text; `%` comments are ignored. */
  readonly text: string;
  /** Lanes past the last measure add measures only with this flag. */
  readonly allowMeasureCountChange?: boolean;
  /**
   * The time signature of the measures the text writes (from `start` to its
   * last lane, or `end`): the lanes fill the new length, and a unit of those
   * measures the text leaves out must be a whole-measure rest (refitted).
   * The measure after keeps its own time.
   */
  readonly time?: TimeSignature;
  /** The revision the text was written against; a write to units changed since is refused. */
  readonly revision?: string;
  /**
   * `'auto'` (the default): a text that writes any mark, `@` item or lyric
   * line states the marks of every lane it writes in full; a text that
   * writes none is notes-only, and events written again unchanged keep their
   * marks and lyrics. `'replace'` takes every text as stating its marks in
   * full, so a notes-only text removes the marks of the lanes it writes.
   */
  readonly marks?: 'auto' | 'replace';
}

/** The lane a text's line without a header is most likely for: the first part and measure of the rewrite. */
function expectedLaneOf(request: RewriteRequest): ParseOptions {
  const part = request.parts?.[0] ?? 1;
  const { start } = request;
  if (!Number.isSafeInteger(start) || start < 1 || !Number.isSafeInteger(part) || part < 1)
    return {};
  return { expectedLane: { part, staff: 1, voice: 1, measure: start } };
}

/** The notes of `events` without what rides on them (marks and attachments are carried anyway). */
function musicOf(events: readonly ScoreEvent[]): ScoreEvent[] {
  return events.map(notesOnlyEvent);
}

/** Whether voice `voice` of `existing` holds the notes of `events`, marks and attachments aside. */
function voiceKept(existing: UnitContent, voice: number, events: readonly ScoreEvent[]): boolean {
  const held = existing.voices.find((candidate) => candidate.voice === voice);
  if (!held) return false;
  return sameUnitContent(
    { voices: [{ voice, events: musicOf(held.events) }] },
    { voices: [{ voice, events: musicOf(events) }] },
  );
}

/** The signatures of a measure the rewrite adds past the end: those of the last measure, no pickup. */
function appendedInfo(view: ScoreView): MeasureInfo {
  const last = view.measure(view.measureCount)!.info;
  return { time: last.time, key: last.key };
}

/**
 * The units of the measures a rewrite adds that its text leaves out: each
 * holds a rest filling the measure, and is listed as a change like any
 * other unit the plan creates.
 */
function restsOfNewMeasures(
  view: ScoreView,
  written: ReadonlyMap<string, WrittenUnit>,
  count: number,
  added: number,
  info: MeasureInfo | undefined,
): { ref: UnitRef; content: UnitContent; reason: 'new-measure' }[] {
  if (!info) return [];
  const rests = allUnits(view, span(count + 1, count + added)).filter(
    (ref) => !written.has(`${ref.part}/${ref.staff}/${ref.measure}`),
  );
  return rests.map((ref) => ({ ref, content: restUnit(info), reason: 'new-measure' as const }));
}

/** What {@link finishUnits} needs of the planner's state. */
interface FinishInput {
  readonly view: ScoreView;
  readonly entries: readonly { ref: UnitRef; content: UnitContent; reason: UnitChange['reason'] }[];
  readonly infoAt: (measure: number) => MeasureInfo | undefined;
  readonly newContent: ReadonlyMap<string, UnitContent>;
  readonly lyricsOnly: ReadonlyMap<string, unknown>;
  readonly full: boolean;
  readonly text: string;
  readonly document: LanesDocument;
  readonly locations: readonly LaneLocation[];
  readonly dropped: LostAttachment[];
  readonly lostMarks: LostMarks[];
}

/**
 * Each planned unit with what it carries (attachments, and marks by the
 * no-accident rule), and the units it changes as they will be, spans judged
 * on them: refused when a text with marks leaves one loose, made whole when
 * a notes-only text does.
 */
function finishUnits(input: FinishInput) {
  const { view, entries, infoAt, newContent, lyricsOnly, full, text, document, locations } = input;
  const { dropped, lostMarks } = input;
  const carriedAll = entries.map(({ ref, content, reason }) => {
    const existing =
      ref.measure <= view.measureCount ? view.unit(ref.part, ref.staff, ref.measure) : undefined;
    const before = existing?.content ?? restUnit(infoAt(ref.measure)!);
    const tiedBefore = tiedInFrom(view.unit(ref.part, ref.staff, ref.measure - 1)?.content);
    const tiedAfter = tiedInFrom(
      newContent.get(`${ref.part}/${ref.staff}/${ref.measure - 1}`) ??
        view.unit(ref.part, ref.staff, ref.measure - 1)?.content,
    );
    let carried = content;
    if (reason === 'rewrite') {
      const attached = carryAttachments(ref.part, ref.staff, ref.measure, before, content);
      appendAll(dropped, attached.dropped);
      const onlyLyrics = lyricsOnly.has(`${ref.part}/${ref.staff}/${ref.measure}`);
      const marked = carryMarks(
        ref,
        before,
        attached.content,
        full || onlyLyrics,
        tiedBefore,
        tiedAfter,
      );
      carried = marked.content;
      appendAll(lostMarks, marked.lost);
    }
    return { ref, reason, existing, tiedBefore, tiedAfter, content: carried };
  });
  // The units the plan changes, as they will be: spans are judged on them.
  const finals = new Map<string, UnitContent>();
  for (const entry of carriedAll) {
    if (entry.existing && sameUnitContent(entry.existing.content, entry.content)) continue;
    finals.set(`${entry.ref.part}/${entry.ref.staff}/${entry.ref.measure}`, entry.content);
  }
  if (full) {
    const spanProblems = new ProblemList();
    const locate = markLocator(
      text,
      document.lanes.map((lane) => ({
        ...lane,
        eventMarks: lane.events.map((event) => event.marks ?? []),
      })),
      locations,
    );
    checkSpans(view, finals, locate, spanProblems);
    if (spanProblems.count > 0) return { ok: false as const, problems: spanProblems.toArray() };
  } else {
    // A notes-only text wrote no span: one it half removed goes whole, and is listed.
    for (const { at, mark } of dropLooseSpans(view, finals)) {
      lostMarks.push({ ...at, voice: at.voice, marks: [mark], lyrics: [] });
    }
  }
  return { ok: true as const, carriedAll, finals };
}

/**
 * Plans a rewrite without touching the document. It checks the syntax, that
 * every lane is for a part the request names and a staff that part has, that
 * it lies in the range (at most 32 measures from `start`), that measures are
 * added only with `allowMeasureCountChange`, that every voice fills its
 * measure with notatable durations and whole tuplet groups, that every tie
 * lands (inside the text and into the measure after it), and, given a
 * revision, that no unit the write touches changed since. Ties from the
 * measure before a replaced unit that no longer land are removed and
 * reported as repairs.
 *
 * @example
 * ```ts
 * const result = plan(score, { start: 2, parts: [1], text: 'P1 s1 v1 m2: C5=1/2 r=1/2\n' });
 * if (!result.ok) console.log(formatProblems(result.problems));
 * else apply(score, result.plan);
 * ```
 */
export function plan(score: Score, request: RewriteRequest): Result<{ plan: ScorePlan }> {
  const view = viewScore(score);
  const missing = noScore(view);
  if (missing) return { ok: false, problems: [missing] };
  const parsed = parse(request.text, expectedLaneOf(request));
  // With syntax problems, the lanes the parser could read are still checked
  // against the score, so one round reports both kinds.
  const readable = parsed.ok ? parsed : parsed.partial;
  const problems = new ProblemList();
  if (!parsed.ok) problems.pushAll(syntaxProblems(request.text, parsed.issues));
  const count = view.measureCount;
  const { start } = request;
  const allow = request.allowMeasureCountChange === true;

  if (parsed.ok && parsed.document.lanes.length === 0 && !parsed.document.lyrics?.length) {
    problems.push({
      code: 'no-lanes',
      message: 'The text holds no lanes, so there is nothing to write.',
      fix: `Write one line per voice to replace, for example "P1 s1 v1 m${start}: r=1".`,
    });
  }
  const rangeLimit = start + MAX_REWRITE_MEASURES - 1;
  if (Number.isInteger(start) && start === count + 1 && !allow) {
    problems.push({
      code: 'measure-count-change',
      message: `The rewrite starts at m${start}, past the last measure (the score has measures 1-${count}); measures past the end are appended only when the measure-count change is allowed.`,
      fix: `Start at a measure between 1 and ${count}, or allow the measure-count change to append m${start}: allow_measure_count_change: true.`,
    });
    return { ok: false, problems: problems.toArray() };
  }
  if (!Number.isInteger(start) || start < 1 || start > count + (allow ? 1 : 0)) {
    problems.push({
      code: 'invalid-range',
      message: `The rewrite starts at m${start}, but the score has measures 1-${count}.`,
      fix: allow
        ? `Start at a measure between 1 and ${count + 1} (m${count + 1} appends measures after the last).`
        : `Start at a measure between 1 and ${count}.`,
    });
    return { ok: false, problems: problems.toArray() };
  }
  const end = request.end;
  if (end !== undefined && (!Number.isInteger(end) || end < start || end > rangeLimit)) {
    problems.push({
      code: 'invalid-range',
      message: `The rewrite names m${start}-m${end}; a rewrite covers 1 to ${MAX_REWRITE_MEASURES} measures from its start.`,
      fix: `End at a measure between ${start} and ${rangeLimit}.`,
    });
  }
  const { written, lastMeasure } = admitLanes(
    view,
    request,
    readable.document.lanes,
    readable.locations,
    problems,
  );

  const added = Math.max(0, lastMeasure - count);
  const time = request.time;
  const appended = added > 0 ? appendedInfo(view) : undefined;
  const newInfo = appended && time ? { ...appended, time } : appended;
  const inTime =
    time === undefined
      ? undefined
      : rewriteTime(
          view,
          time,
          start,
          Math.max(lastMeasure, end ?? start),
          written,
          newInfo,
          problems,
        );
  if (time !== undefined) problems.pushAll(timeSignatureProblems(time));
  const infoAt = (measure: number): MeasureInfo | undefined =>
    inTime?.infos.get(measure) ??
    (measure <= count
      ? view.measure(measure)?.info
      : measure <= count + added
        ? newInfo
        : undefined);
  const tuplets: TupletGroup[] = [];
  const splits: SplitEvent[] = [];

  // Per voice: fill, notation, tuplets, ties inside the lane. A voice written
  // back exactly as the score holds it is kept, not judged again: it may be
  // one lanes-seq could not notate from scratch (a tuplet of 17, nested
  // tuplets from a MusicXML file), and reading then rewriting must not fail.
  for (const unit of written.values()) {
    const info = infoAt(unit.measure)!;
    const existing =
      unit.measure <= count ? view.unit(unit.part, unit.staff, unit.measure)?.content : undefined;
    for (const { lane, index } of unit.voices.values()) {
      const retimed = inTime?.writes.some((w) => w.op === 'measure' && w.measure === unit.measure);
      if (existing && !retimed && voiceKept(existing, lane.voice, lane.events)) continue;
      const place = placeFor(request.text, readable.locations[index]);
      const checked = checkVoice(laneKey(lane), lane.measure, lane.events, info, place);
      problems.pushAll(checked.problems);
      appendAll(tuplets, checked.tuplets);
      appendAll(splits, checked.splits);
    }
  }

  // Ties may reach lanes the parser could not read: judge them once the text reads.
  if (!parsed.ok) return { ok: false, problems: problems.toArray() };
  const tieTargets = checkTiesOut(view, request.text, written, parsed.locations, added, problems);

  // New content of every written unit, its lyric lines on its slots.
  const lyrics = admitLyricLines(
    view,
    request,
    parsed.document.lyrics ?? [],
    parsed.lyricLocations ?? [],
    written,
    problems,
  );
  const full = request.marks === 'replace' || writesMarks(parsed.document);
  const newContent = writtenContents(
    view,
    request.text,
    written,
    lyrics,
    parsed.lyricLocations,
    problems,
  );

  const { repairs, repaired, consulted } = repairTiesBefore(view, written, newContent);

  // Staleness, judged on what the write touches.
  const targetUnits: UnitRef[] = [
    ...[...written.values()].filter((unit) => unit.measure <= count),
    ...lyrics.lyricsOnly.values(),
    ...[...repaired.values()].map((entry) => entry.ref),
    ...tieTargets,
  ];
  const targets = {
    units: targetUnits,
    measures: targetUnits.map((unit) => unit.measure),
    lastIndex: Math.min(
      tieTargets.reduce((last, unit) => Math.max(last, unit.measure), lastMeasure),
      count,
    ),
  };
  problems.pushAll(revisionProblems(view, request.revision, targets));
  if (problems.count > 0) return { ok: false, problems: problems.toArray() };
  // apply re-checks the unit before each replaced one too: whether its ties
  // needed a repair was decided on it. (A request's revision is not judged on
  // it: the planner reads it as it is now.)
  const planTargets = {
    ...targets,
    units: [...targets.units, ...consulted, ...(inTime?.consulted ?? [])],
    measures: [...targets.measures, ...(inTime?.infos.keys() ?? [])].filter((m) => m <= count),
  };

  // The plan.
  const changes: UnitChange[] = [];
  const dropped: LostAttachment[] = [];
  const writes: PlannedWrite[] = [];
  if (added > 0) {
    writes.push({
      op: 'insert-measures',
      at: count + 1,
      infos: Array.from({ length: added }, () => newInfo!),
    });
    const tooLong = scoreLimitProblems(view, writes);
    if (tooLong.length > 0) return { ok: false, problems: tooLong };
  }
  writes.push(...(inTime?.writes ?? []));
  const entries = [
    ...[...written.values(), ...lyrics.lyricsOnly.values()].map((unit) => ({
      ref: { part: unit.part, staff: unit.staff, measure: unit.measure } as UnitRef,
      content: newContent.get(`${unit.part}/${unit.staff}/${unit.measure}`)!,
      reason: 'rewrite' as const,
    })),
    ...[...repaired.values()].map((entry) => ({ ...entry, reason: 'tie-repair' as const })),
    ...restsOfNewMeasures(view, written, count, added, newInfo),
    ...(inTime?.refits ?? []),
  ].sort(
    (a, b) => a.ref.measure - b.ref.measure || a.ref.part - b.ref.part || a.ref.staff - b.ref.staff,
  );
  const lostMarks: LostMarks[] = [];
  const finished = finishUnits({
    view,
    entries,
    infoAt,
    newContent,
    lyricsOnly: lyrics.lyricsOnly,
    full,
    text: request.text,
    document: parsed.document,
    locations: parsed.locations,
    dropped,
    lostMarks,
  });
  if (!finished.ok) return finished;
  const { carriedAll, finals } = finished;
  for (const { ref, reason, existing, tiedBefore, tiedAfter, content } of carriedAll) {
    const final = finals.get(`${ref.part}/${ref.staff}/${ref.measure}`) ?? content;
    const unchanged = existing !== undefined && sameUnitContent(existing.content, final);
    changes.push({
      unit: unitName(ref.part, ref.staff, ref.measure),
      part: ref.part,
      staff: ref.staff,
      measure: ref.measure,
      reason,
      before: existing
        ? unitText(ref.part, ref.staff, ref.measure, existing.content, tiedBefore)
        : '',
      after: unitText(ref.part, ref.staff, ref.measure, final, tiedAfter),
      ...(unchanged ? { unchanged: true as const } : {}),
    });
    if (!unchanged) writes.push({ op: 'unit', ...ref, content: final });
  }
  const changedMeasures = entries.map((entry) => entry.ref.measure);
  const changedParts = [...new Set(entries.map((entry) => entry.ref.part))].sort((a, b) => a - b);
  return {
    ok: true,
    plan: {
      kind: 'rewrite',
      basis: currentRevision(score),
      measureCount: count,
      range: {
        start: changedMeasures.reduce((a, b) => Math.min(a, b)),
        end: changedMeasures.reduce((a, b) => Math.max(a, b)),
      },
      parts: changedParts,
      addedMeasures: added,
      removedMeasures: 0,
      changes,
      repairs,
      tuplets,
      splits,
      dropped: [
        ...describeLosses(view, dropped),
        ...lostMarks.map((lost) => describeLostMarks(view, lost)),
      ],
      writes,
      targets: planTargets,
    },
  };
}
