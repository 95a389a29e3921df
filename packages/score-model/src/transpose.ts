/**
 * Transposing a range of measures by an interval, spelled correctly.
 */
import { formatPitch, type Interval, type Pitch, parseInterval } from '@scorelane/lanes-seq';
import { appendAll } from './append.ts';
import { transposePitch } from './interval.ts';
import { formatKey, keySignature } from './key-signature.ts';
import { allUnits, revisionProblems, span, unitChange } from './plan-support.ts';
import type { PlannedWrite, ScorePlan, TieRepair, UnitChange } from './plan-types.ts';
import type { Problem, Result } from './problem.ts';
import { limitProblems } from './problem-list.ts';
import { checkRange } from './read-measures.ts';
import { currentRevision } from './revision.ts';
import type { Score } from './score.ts';
import type { ScoreEvent, UnitContent } from './score-types.ts';
import { viewScore } from './score-view.ts';
import type { UnitRef } from './staleness.ts';
import { repairTiesOut } from './tie-repair.ts';

/**
 * Transpose measures `start`-`end` of the named parts (all when left out) by `interval`.
 *
 * @example
 * ```ts
 * const request: TransposeRequest = { start: 1, end: 16, interval: '-M2', keys: true };
 * ```
 */
export interface TransposeRequest {
  readonly start: number;
  readonly end: number;
  readonly parts?: readonly number[];
  /** `"M3"`, `"-P4"`, `"A1"`: see `parseInterval`. */
  readonly interval: string;
  /**
   * Move the key signatures of the range too (`G major` up `M2` is `A major`).
   * Only when every part is transposed, since a key belongs to all parts.
   */
  readonly keys?: boolean;
  readonly revision?: string;
}

function moveEvent(
  event: ScoreEvent,
  interval: Interval,
  failed: (pitch: Pitch) => void,
): ScoreEvent {
  const move = (pitch: Pitch): Pitch => {
    const moved = transposePitch(pitch, interval);
    if (!moved) failed(pitch);
    return moved ?? pitch;
  };
  if (event.kind === 'note') return { ...event, pitch: move(event.pitch) };
  if (event.kind === 'chord') {
    return {
      ...event,
      notes: event.notes.map((note) => ({ pitch: move(note.pitch), tie: note.tie })),
    };
  }
  return event;
}

/**
 * Plans transposing a range. Every pitch moves by the interval's steps and
 * semitones, so spelling follows the interval (`C#4` up `M3` is `E#4`). Ties
 * from before the range and out of its end no longer land on the moved
 * pitches; they are removed and reported as repairs. Key signatures move too
 * with `keys: true` (every part transposed), else they stay as they are.
 *
 * @example
 * ```ts
 * const planned = planTranspose(score, { start: 1, end: 8, parts: [1], interval: '-M2' });
 * if (planned.ok) apply(score, planned.plan);
 * ```
 */
export function planTranspose(
  score: Score,
  request: TransposeRequest,
): Result<{ plan: ScorePlan }> {
  const view = viewScore(score);
  const interval = parseInterval(request.interval);
  const checked = checkRange(
    view,
    request.start,
    request.end,
    request.parts,
    Number.POSITIVE_INFINITY,
  );
  const problems: Problem[] = checked.ok ? [] : [...checked.problems];
  if (!interval) {
    problems.push({
      code: 'invalid-interval',
      message: `"${request.interval}" is not an interval.`,
      fix: 'Write a quality (P, M, m, A, d) and a number, with - to go down: "M3", "-P4", "A1".',
    });
  }
  if (!checked.ok || !interval) return { ok: false, problems };
  const { start, end } = request;
  const refs = allUnits(view, span(start, end), checked.parts);
  const moved = new Map<string, { ref: UnitRef; before: UnitContent; after: UnitContent }>();
  for (const ref of refs) {
    const unit = view.unit(ref.part, ref.staff, ref.measure)!;
    const after: UnitContent = {
      ...unit.content,
      voices: unit.content.voices.map((voice) => ({
        voice: voice.voice,
        events: voice.events.map((event, index) =>
          moveEvent(event, interval, (pitch) =>
            problems.push({
              code: 'pitch-out-of-range',
              lane: `P${ref.part} s${ref.staff} v${voice.voice} m${ref.measure}`,
              message: `P${ref.part} s${ref.staff} v${voice.voice} m${ref.measure} event ${index + 1}: ${formatPitch(pitch)} moved by ${request.interval} cannot be written (it needs more than a double accidental, or leaves octaves -1 to 9).`,
              fix: 'Transpose by an enharmonic interval (for example "d4" instead of "M3"), or by a smaller one.',
            }),
          ),
        ),
      })),
    };
    moved.set(`${ref.part}/${ref.staff}/${ref.measure}`, { ref, before: unit.content, after });
  }
  if (problems.length > 0) return { ok: false, problems: limitProblems(problems) };

  // Ties across the edges of the range no longer land: repair them.
  const repairs: TieRepair[] = [];
  const repairedRefs: UnitRef[] = [];
  const extra: { ref: UnitRef; before: UnitContent; after: UnitContent }[] = [];
  const eventsIn = (content: UnitContent | undefined, voice: number) =>
    content?.voices.find((v) => v.voice === voice)?.events ?? [];
  for (const part of checked.parts) {
    const staves = view.parts[part - 1]!.info.staves;
    for (let staff = 1; staff <= staves; staff++) {
      const before = view.unit(part, staff, start - 1);
      if (before) {
        const first = moved.get(`${part}/${staff}/${start}`)!.after;
        const repair = repairTiesOut(
          part,
          staff,
          start - 1,
          before.content,
          (voice) => eventsIn(first, voice),
          `m${start}`,
          (voice) =>
            `where P${part} s${staff} v${voice} m${start} was transposed and no longer holds`,
        );
        if (repair) {
          appendAll(repairs, repair.repairs);
          const ref = { part, staff, measure: start - 1 };
          repairedRefs.push(ref);
          extra.push({ ref, before: before.content, after: repair.content });
        }
      }
      const after = view.unit(part, staff, end + 1);
      if (after) {
        const last = moved.get(`${part}/${staff}/${end}`)!;
        const repair = repairTiesOut(
          part,
          staff,
          end,
          last.after,
          (voice) => eventsIn(after.content, voice),
          `m${end + 1}`,
          (voice) =>
            `which was not transposed and P${part} s${staff} v${voice} m${end + 1} does not hold`,
        );
        if (repair) {
          appendAll(repairs, repair.repairs);
          repairedRefs.push({ part, staff, measure: end + 1 });
          moved.set(`${part}/${staff}/${end}`, { ...last, after: repair.content });
        }
      }
    }
  }
  // Key signatures, when asked for and every part moves.
  const keyWrites: PlannedWrite[] = [];
  if (request.keys === true) {
    if (checked.parts.length !== view.parts.length) {
      return {
        ok: false,
        problems: [
          {
            code: 'invalid-signature',
            message:
              'Key signatures belong to every part, so they move only when every part is transposed.',
            fix: 'Transpose all parts (leave parts out), or leave the keys as they are.',
          },
        ],
      };
    }
    for (let measure = start; measure <= end; measure++) {
      const info = view.measure(measure)!.info;
      const tonic = transposePitch({ ...info.key.tonic, octave: 4 }, interval);
      const key =
        tonic && tonic.alter >= -1 && tonic.alter <= 1
          ? keySignature({ step: tonic.step, alter: tonic.alter }, info.key.mode)
          : undefined;
      if (!key) {
        return {
          ok: false,
          problems: [
            {
              code: 'invalid-signature',
              message: `${formatKey(info.key)} at m${measure} moved by ${request.interval} needs more than seven sharps or flats.`,
              fix: 'Transpose by the enharmonic interval (for example "m2" instead of "A1"), or leave the keys as they are.',
            },
          ],
        };
      }
      // A key the file gave no mode for stays without one.
      const moved = info.key.modeUnstated ? { ...key, modeUnstated: true as const } : key;
      keyWrites.push({ op: 'measure', measure, info: { ...info, key: moved } });
    }
  }
  const targets = {
    units: [...refs, ...repairedRefs],
    measures: span(start, end),
    lastIndex: Math.min(view.measureCount, end + 1),
  };
  const stale = revisionProblems(view, request.revision, targets);
  if (stale.length > 0) return { ok: false, problems: stale };
  // apply re-checks the units on both sides of the range too: the ties
  // repaired into and out of it were decided on them.
  const neighbours = [start - 1, end + 1].filter(
    (measure) => measure >= 1 && measure <= view.measureCount,
  );
  const planTargets = {
    ...targets,
    units: [...targets.units, ...allUnits(view, neighbours, checked.parts)],
  };
  const changes: UnitChange[] = [];
  const writes: PlannedWrite[] = [];
  const all = [
    ...extra.map((entry) => ({ ...entry, reason: 'tie-repair' as const })),
    ...[...moved.values()].map((entry) => ({ ...entry, reason: 'transpose' as const })),
  ];
  for (const { ref, before, after, reason } of all) {
    changes.push(unitChange(ref, before, after, reason));
    writes.push({ op: 'unit', ...ref, content: after });
  }
  return {
    ok: true,
    plan: {
      kind: 'transpose',
      basis: currentRevision(score),
      measureCount: view.measureCount,
      range: { start, end },
      parts: checked.parts,
      addedMeasures: 0,
      removedMeasures: 0,
      changes,
      repairs,
      tuplets: [],
      splits: [],
      dropped: [],
      writes: [...keyWrites, ...writes],
      targets: planTargets,
    },
  };
}
