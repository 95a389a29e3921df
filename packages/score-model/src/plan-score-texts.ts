/**
 * Setting the score's texts (title, subtitle, composer, lyricist, arranger,
 * copyright), as a plan: one write per text that changes.
 */
import { noScore, revisionProblems, steadyPlan } from './plan-support.ts';
import type { PlannedWrite, ScorePlan } from './plan-types.ts';
import type { Problem, Result } from './problem.ts';
import type { Score } from './score.ts';
import {
  MAX_SCORE_TEXT,
  SCORE_TEXT_FIELDS,
  type ScoreTextField,
  scoreTextProblem,
} from './score-texts.ts';
import { viewScore } from './score-view.ts';

/**
 * The texts to set: each given one is set (trimmed), `''` removes it, and a
 * text left out stays as it is.
 *
 * @example
 * ```ts
 * const request: SetTextsRequest = { texts: { title: 'Sonatina', composer: 'M. Clementi' } };
 * ```
 */
export interface SetTextsRequest {
  readonly texts: { readonly [K in ScoreTextField]?: string };
  readonly revision?: string;
}

/**
 * Plans setting score texts. Refused (`invalid-score-text`) when no text is
 * given or one is not a single line of at most 300 characters; a text set to
 * what it is already is not written.
 *
 * @example
 * ```ts
 * const planned = planSetTexts(score, { texts: { title: 'Sonatina in C' } });
 * if (planned.ok) apply(score, planned.plan);
 * ```
 */
export function planSetTexts(score: Score, request: SetTextsRequest): Result<{ plan: ScorePlan }> {
  const view = viewScore(score);
  const missing = noScore(view);
  if (missing) return { ok: false, problems: [missing] };
  const problems: Problem[] = [];
  const given = SCORE_TEXT_FIELDS.filter((field) => request.texts[field] !== undefined);
  if (given.length === 0) {
    problems.push({
      code: 'invalid-score-text',
      message: 'No score text was given, so there is nothing to set.',
      fix: `Give at least one of ${SCORE_TEXT_FIELDS.join(', ')} ("" removes one).`,
    });
  }
  for (const field of given) {
    const why = scoreTextProblem(request.texts[field]!);
    if (why) {
      problems.push({
        code: 'invalid-score-text',
        message: `The ${field} ${why}.`,
        fix: `Give the ${field} as one line of at most ${MAX_SCORE_TEXT} characters.`,
      });
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  const targets = { units: [], measures: [], lastIndex: 0, texts: given };
  const stale = revisionProblems(view, request.revision, targets);
  if (stale.length > 0) return { ok: false, problems: stale };
  const now = view.texts;
  const texts = given
    .map((field) => ({ field, before: now[field] ?? '', after: request.texts[field]!.trim() }))
    .filter((text) => text.before !== text.after);
  const writes: PlannedWrite[] = texts.map((text) => ({
    op: 'text',
    field: text.field,
    value: text.after,
  }));
  return {
    ok: true,
    plan: steadyPlan(score, view, {
      kind: 'set-texts',
      range: { start: 1, end: 1 },
      parts: view.parts.map((part) => part.index),
      writes,
      targets,
      texts,
    }),
  };
}
