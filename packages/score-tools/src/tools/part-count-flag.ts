/**
 * The rule that removing a part needs `allow_part_count_change: true`.
 */
import { type ToolError, toolError } from '@scorelane/tool-contracts';

/**
 * The refusal of a removal without the flag, or `undefined` when it is set.
 *
 * @example
 * ```ts
 * const refused = partCountRefusal(args.allow_part_count_change, 2);
 * if (refused) return toolFail(refused);
 * ```
 */
export function partCountRefusal(
  allowed: boolean | undefined,
  part: number,
): ToolError | undefined {
  if (allowed === true) return undefined;
  return toolError(
    'nothing_changed',
    `remove_part would remove part ${part} and its music, which changes the part count.`,
    [
      {
        path: 'allow_part_count_change',
        message: 'Removing a part needs allow_part_count_change: true.',
        hint: `Call again with {"part": ${part}, "allow_part_count_change": true} if you mean to remove it.`,
      },
    ],
  );
}
