/**
 * Checking a whole score, for use after remote merges and imports: every
 * voice fills its measure with notatable values and whole tuplet groups,
 * and every tie lands.
 */
import { serializeEvent } from '@scorelane/lanes-seq';
import { noScore } from './plan-support.ts';
import type { Problem, Result } from './problem.ts';
import type { Score } from './score.ts';
import { viewScore } from './score-view.ts';
import { holdsPitch, landingEvent, tiedPitches, tiesLeaving } from './ties.ts';
import { laneEvent } from './unit-lanes.ts';
import { checkVoice, tieProblem } from './voice-check.ts';

const NOWHERE = () => ({});

/** A stored value that is not a unit, named by its part, staff and measure. */
function malformedUnit(part: number, staff: number, measure: number): Problem {
  return {
    code: 'malformed-unit',
    lane: `P${part} s${staff} m${measure}`,
    message: `P${part} s${staff} m${measure} holds a value that is not a unit (written by a tampered or faulty client); it reads as a full-measure rest.`,
    fix: `Rewrite m${measure} of P${part} s${staff} with the notes it should hold.`,
  };
}

/**
 * Checks every unit of the score with the planner's rules; problems name
 * their lanes (there is no text to point into).
 *
 * @example
 * ```ts
 * const checked = validate(score);
 * if (!checked.ok) for (const problem of checked.problems) console.log(problem.lane, problem.message);
 * ```
 */
export function validate(score: Score): Result<{ measures: number }> {
  const view = viewScore(score);
  const missing = noScore(view);
  if (missing) return { ok: false, problems: [missing] };
  const problems: Problem[] = [];
  const count = view.measureCount;
  for (let measure = 1; measure <= count; measure++) {
    const info = view.measure(measure)!.info;
    for (const part of view.parts) {
      for (let staff = 1; staff <= part.info.staves; staff++) {
        const unit = view.unit(part.index, staff, measure)!;
        if (unit.malformed) problems.push(malformedUnit(part.index, staff, measure));
        for (const voice of unit.content.voices) {
          const lane = `P${part.index} s${staff} v${voice.voice} m${measure}`;
          problems.push(...checkVoice(lane, measure, voice.events, info, NOWHERE).problems);
          const nextKey = `P${part.index} s${staff} v${voice.voice} m${measure + 1}`;
          const next = measure < count ? view.unit(part.index, staff, measure + 1) : undefined;
          const events = next?.content.voices.find((v) => v.voice === voice.voice)?.events ?? [];
          for (const at of tiesLeaving(voice.events)) {
            const tied = voice.events[at]!;
            const first = landingEvent(tied, events);
            for (const pitch of tiedPitches(tied)) {
              if (holdsPitch(first, pitch)) continue;
              const target =
                measure === count
                  ? undefined
                  : first
                    ? `the first event of ${nextKey} "${serializeEvent(laneEvent(first))}"`
                    : `${nextKey}, which does not exist,`;
              problems.push(tieProblem(lane, at, tied, pitch, target, NOWHERE));
            }
          }
        }
      }
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, measures: count };
}
