/**
 * Checking a whole score, for use after remote merges and imports: every
 * voice fills its measure with notatable values and whole tuplet groups,
 * and every tie lands.
 */
import { serializeEvent } from '@scorelane/lanes-seq';
import { noScore } from './plan-support.ts';
import type { Problem, Result } from './problem.ts';
import { ProblemList } from './problem-list.ts';
import { MAX_VOICES, voiceLimitMessage } from './rewrite-admission.ts';
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

/** A stored voice past the limit (written by other code, or imported). */
function tooManyVoices(lane: string, voice: number, measure: number): Problem {
  return {
    code: 'too-many-voices',
    lane,
    message: voiceLimitMessage(lane, voice),
    fix: `Merge voices, or move some to another staff, then rewrite m${measure} with voices v1-v${MAX_VOICES}.`,
  };
}

/**
 * Checks every unit of the score with the planner's rules; problems name
 * their lanes (there is no text to point into). Show them with
 * `formatProblems(problems, { check: true })`, which does not open with
 * "Nothing was changed." (nothing was attempted).
 *
 * @example
 * ```ts
 * const checked = validate(score);
 * if (!checked.ok) console.log(formatProblems(checked.problems, { check: true }));
 * ```
 */
export function validate(score: Score): Result<{ measures: number }> {
  const view = viewScore(score);
  const missing = noScore(view);
  if (missing) return { ok: false, problems: [missing] };
  const problems = new ProblemList();
  const count = view.measureCount;
  for (let measure = 1; measure <= count; measure++) {
    const info = view.measure(measure)!.info;
    for (const part of view.parts) {
      for (let staff = 1; staff <= part.info.staves; staff++) {
        const unit = view.unit(part.index, staff, measure)!;
        if (unit.malformed) problems.push(malformedUnit(part.index, staff, measure));
        const next = measure < count ? view.unit(part.index, staff, measure + 1) : undefined;
        const nextVoices = new Map(next?.content.voices.map((v) => [v.voice, v.events]));
        for (const voice of unit.content.voices) {
          const lane = `P${part.index} s${staff} v${voice.voice} m${measure}`;
          if (voice.voice > MAX_VOICES) problems.push(tooManyVoices(lane, voice.voice, measure));
          problems.pushAll(checkVoice(lane, measure, voice.events, info, NOWHERE).problems);
          const nextKey = `P${part.index} s${staff} v${voice.voice} m${measure + 1}`;
          const events = nextVoices.get(voice.voice) ?? [];
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
              problems.push(tieProblem(lane, at, tied, pitch, target, NOWHERE, { landing: first }));
            }
          }
        }
      }
    }
  }
  return problems.count > 0
    ? { ok: false, problems: problems.toArray() }
    : { ok: true, measures: count };
}
