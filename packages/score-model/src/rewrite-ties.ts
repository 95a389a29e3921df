/**
 * Ties across the edges of a rewrite: ties out of each written lane must land
 * (in the text, or in the score after it); ties from the measure before a
 * replaced unit that no longer land are removed and reported.
 */
import {
  formatPitch,
  type LaneLocation,
  laneKey,
  type Pitch,
  serializeEvent,
} from '@scorelane/lanes-seq';
import { appendAll } from './append.ts';
import type { TieRepair } from './plan-types.ts';
import type { ProblemList } from './problem-list.ts';
import type { WrittenUnit } from './rewrite-admission.ts';
import type { ScoreEvent, UnitContent } from './score-types.ts';
import type { ScoreView } from './score-view.ts';
import type { UnitRef } from './staleness.ts';
import { placeFor } from './text-place.ts';
import { repairTiesOut } from './tie-repair.ts';
import { holdsPitch, landingEvent, tiedPitches, tiesLeaving } from './ties.ts';
import { tieProblem } from './voice-check.ts';

/**
 * Checks the tie out of every written lane's last sounding event, reporting
 * those that do not land; returns the units of the score the ties reach into.
 */
export function checkTiesOut(
  view: ScoreView,
  text: string,
  written: ReadonlyMap<string, WrittenUnit>,
  locations: readonly LaneLocation[],
  added: number,
  problems: ProblemList,
): UnitRef[] {
  const count = view.measureCount;
  const tieTargets: UnitRef[] = [];
  // Ties out of each lane's last sounding event, into the next measure.
  for (const unit of written.values()) {
    for (const { lane, index } of unit.voices.values()) {
      const events = lane.events as readonly ScoreEvent[];
      const leaving = tiesLeaving(events).filter((at) => tiedPitches(events[at]!).length > 0);
      if (leaving.length === 0) continue;
      const key = laneKey(lane);
      const place = placeFor(text, locations[index]);
      const nextMeasure = lane.measure + 1;
      const nextKey = laneKey({ ...lane, measure: nextMeasure });
      const nextUnit = written.get(`${lane.part}/${lane.staff}/${nextMeasure}`);
      const name = (pitch: Pitch) => formatPitch(pitch);
      const inScore = !nextUnit && nextMeasure <= count;
      const target = inScore ? view.unit(lane.part, lane.staff, nextMeasure)! : undefined;
      if (target) tieTargets.push(target);
      for (const at of leaving) {
        const tied = events[at]!;
        const pitches = tiedPitches(tied);
        const report = (
          pitch: Pitch,
          where: string | undefined,
          fix?: string,
          landing?: ScoreEvent,
        ) => problems.push(tieProblem(key, at, tied, pitch, where, place, { fix, landing }));
        if (nextUnit) {
          const nextLane = nextUnit.voices.get(lane.voice)?.lane;
          const first = landingEvent(tied, (nextLane?.events ?? []) as readonly ScoreEvent[]);
          for (const pitch of pitches) {
            if (holdsPitch(first, pitch)) continue;
            report(
              pitch,
              first
                ? `the first event of ${nextKey} "${serializeEvent(first)}"`
                : `${nextKey}, which the text leaves out,`,
              undefined,
              first,
            );
          }
          continue;
        }
        if (nextMeasure > count + added) {
          for (const pitch of pitches) {
            report(pitch, undefined, `Remove the ~ after ${name(pitch)}.`);
          }
          continue;
        }
        if (nextMeasure > count) {
          for (const pitch of pitches) {
            report(
              pitch,
              `${nextKey}, a new measure filled with a rest,`,
              `Remove the ~ after ${name(pitch)}, or write ${nextKey} starting with ${name(pitch)}.`,
            );
          }
          continue;
        }
        const voice = target!.content.voices.find((candidate) => candidate.voice === lane.voice);
        const first = voice ? landingEvent(tied, voice.events) : undefined;
        for (const pitch of pitches) {
          if (holdsPitch(first, pitch)) continue;
          report(
            pitch,
            first
              ? `${nextKey} in the score, which starts with "${serializeEvent(first)}",`
              : `${nextKey} in the score, which has no voice ${lane.voice},`,
            `Remove the ~ after ${name(pitch)}, or include m${nextMeasure} in the rewrite so that ${nextKey} starts with ${name(pitch)}.`,
            first,
          );
        }
      }
    }
  }

  return tieTargets;
}

/**
 * Repairs ties from the measure before each replaced unit (when that measure
 * is not replaced too) that no longer land on the unit's new content.
 */
export function repairTiesBefore(
  view: ScoreView,
  written: ReadonlyMap<string, WrittenUnit>,
  newContent: ReadonlyMap<string, UnitContent>,
): {
  repairs: TieRepair[];
  repaired: Map<string, { ref: UnitRef; content: UnitContent }>;
  consulted: UnitRef[];
} {
  // Ties from the measure before a replaced unit that no longer land: repaired.
  const repairs: TieRepair[] = [];
  const repaired = new Map<string, { ref: UnitRef; content: UnitContent }>();
  const consulted: UnitRef[] = [];
  for (const [key, unit] of written) {
    const before = unit.measure - 1;
    if (before < 1 || written.has(`${unit.part}/${unit.staff}/${before}`)) continue;
    const previous = view.unit(unit.part, unit.staff, before);
    if (!previous) continue;
    consulted.push({ part: unit.part, staff: unit.staff, measure: before });
    const content = newContent.get(key)!;
    const repair = repairTiesOut(
      unit.part,
      unit.staff,
      before,
      previous.content,
      (voice) => content.voices.find((candidate) => candidate.voice === voice)?.events ?? [],
      `m${unit.measure}`,
      (voice) =>
        `where P${unit.part} s${unit.staff} v${voice} m${unit.measure} no longer starts with`,
    );
    if (repair) {
      appendAll(repairs, repair.repairs);
      repaired.set(`${unit.part}/${unit.staff}/${before}`, {
        ref: { part: unit.part, staff: unit.staff, measure: before },
        content: repair.content,
      });
    }
  }

  return { repairs, repaired, consulted };
}
