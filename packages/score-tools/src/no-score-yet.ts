/**
 * The answer of a tool asked about a document that holds no score yet (a
 * provider still syncing, or nothing created in it): `not_found`, never a
 * range of "measures 1-0" or an empty file.
 */
import type { Score } from '@scorelane/score-model';
import { scoreTypes } from '@scorelane/score-model';
import { type ToolError, toolError } from '@scorelane/tool-contracts';

/**
 * The `not_found` error when `score`'s document has no measures or no parts,
 * else `undefined`.
 *
 * @example
 * ```ts
 * const missing = noScoreYet(context.score);
 * if (missing) return toolFail(missing);
 * ```
 */
export function noScoreYet(score: Score): ToolError | undefined {
  const types = scoreTypes(score.doc);
  if (types.measureOrder.length > 0 && types.partOrder.length > 0) return undefined;
  return toolError('not_found', 'The document holds no score yet.', [
    {
      message: 'No measures or parts.',
      hint: 'Wait until the document has loaded, or ask the user to open a score.',
    },
  ]);
}
