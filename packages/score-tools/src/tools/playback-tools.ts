/**
 * `play` and `stop`, through the player the host provides. A player that
 * cannot play (no user gesture yet, no audio) refuses at once; one that does
 * not answer within the host's timeout is reported, never waited on forever.
 */
import { scoreTypes } from '@scorelane/score-model';
import {
  defineTool,
  type ToolError,
  type ToolRunCall,
  type ToolRunResult,
  toolError,
  toolFail,
  toolOk,
} from '@scorelane/tool-contracts';
import * as z from 'zod';
import type { PlayOutcome } from '../player.ts';
import type { ScoreToolsContext } from '../score-tools-context.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { measureField, partsField, revisionOutput } from '../tool-fields.ts';
import { rangeSchema } from '../write-output.ts';
import { checkScoreRange } from './selection-tools.ts';

const output = z.object({
  summary: z.string(),
  playing: rangeSchema.nullable(),
  revision: revisionOutput,
});

type Output = z.output<typeof output>;

const NO_PLAYER = toolError('not_found', 'This host has no player.', [
  {
    message: 'Nothing can be played here.',
    hint: 'Export the score (export_score, "midi") instead.',
  },
]);

/** The player's answer, or `undefined` when it did not answer in time. */
async function ask(
  context: ScoreToolsContext,
  action: () => PlayOutcome | Promise<PlayOutcome>,
): Promise<PlayOutcome | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), context.playerTimeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(action), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function refusal(outcome: PlayOutcome | undefined, what: string): ToolError {
  if (outcome === undefined) {
    return toolError('internal', `The player did not answer the ${what} request in time.`);
  }
  if (outcome.ok) throw new Error('unreachable: a refusal of an accepted outcome');
  if (outcome.reason === 'needs-gesture') {
    return toolError(
      'permission_denied',
      `The browser allows sound only after the user clicks the page: click the page first. (${outcome.message})`,
      [
        {
          message: 'No user gesture on the page yet.',
          hint: 'Ask the user to click the page (or press play), then call play again.',
        },
      ],
    );
  }
  return toolError('not_found', `The player cannot ${what}: ${outcome.message}`);
}

async function play(
  context: ScoreToolsContext,
  args: {
    start_measure?: number | undefined;
    end_measure?: number | undefined;
    parts?: number[] | undefined;
  },
): Promise<ToolRunResult<Output>> {
  const player = context.player;
  if (!player) return toolFail(NO_PLAYER);
  const selection = context.selection.get();
  const start = args.start_measure ?? selection?.start_measure ?? 1;
  const end =
    args.end_measure ??
    (args.start_measure === undefined ? selection?.end_measure : undefined) ??
    Number.MAX_SAFE_INTEGER;
  const last = Math.min(end, scoreTypes(context.score.doc).measureOrder.length);
  const fromSelection = args.start_measure === undefined && args.end_measure === undefined;
  const parts = args.parts ?? (fromSelection ? selection?.parts : undefined);
  const range = checkScoreRange(context, start, last, parts);
  if ('code' in range) return toolFail(range);
  const outcome = await ask(context, () => player.play(range));
  if (!outcome?.ok) return toolFail(refusal(outcome, 'play'));
  return toolOk({
    summary: `Playing m${range.start_measure}-m${range.end_measure}, parts ${range.parts.join(', ')}.`,
    playing: range,
    revision: context.revision(),
  });
}

/**
 * The `play` tool.
 *
 * @example
 * ```ts
 * await tools.invoke('play', { start_measure: 1, end_measure: 8 });
 * ```
 */
export const playTool = defineTool({
  name: 'play',
  title: 'Play',
  description: TOOL_DESCRIPTIONS.play,
  input: z.object({
    start_measure: measureField().optional(),
    end_measure: measureField().optional(),
    parts: partsField().optional(),
  }),
  output,
  permission: 'read',
  annotations: { idempotent: false },
  examples: [{ start_measure: 1, end_measure: 8 }],
  run: (args, { context }: ToolRunCall<ScoreToolsContext>) => play(context, args),
});

/**
 * The `stop` tool.
 *
 * @example
 * ```ts
 * await tools.invoke('stop', {});
 * ```
 */
export const stopTool = defineTool({
  name: 'stop',
  title: 'Stop',
  description: TOOL_DESCRIPTIONS.stop,
  input: z.object({}),
  output,
  permission: 'read',
  run: async (_args, { context }: ToolRunCall<ScoreToolsContext>) => {
    const player = context.player;
    if (!player) return toolFail(NO_PLAYER);
    const outcome = await ask(context, () => player.stop());
    if (!outcome?.ok) return toolFail(refusal(outcome, 'stop'));
    return toolOk({ summary: 'Stopped.', playing: null, revision: context.revision() });
  },
});
