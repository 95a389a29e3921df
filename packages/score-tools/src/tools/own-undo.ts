/**
 * `undo` and `redo`: the agent's own last step, never a person's and never
 * over a collaborator's later change. Both check before they touch anything,
 * so a refusal leaves the document as it was.
 */

import {
  defineTool,
  type ToolError,
  type ToolRunCall,
  type ToolRunResult,
  toolError,
  toolFail,
  toolOk,
} from '@scorelane/tool-contracts';
import type { UndoStep } from '@scorelane/undo';
import * as z from 'zod';
import { keyName } from '../key-names.ts';
import type { ScoreTarget } from '../score-scope.ts';
import type { ScoreToolsContext } from '../score-tools-context.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { revisionOutput } from '../tool-fields.ts';
import { rangeSchema } from '../write-output.ts';

type Direction = 'undo' | 'redo';

const output = z.object({
  summary: z.string(),
  step: z.object({
    tool_call_id: z.string().describe('The call that made the step.'),
    label: z.string(),
  }),
  changed_range: rangeSchema.nullable().describe('What the step changes, now selected.'),
  revision: revisionOutput,
});

type Output = z.output<typeof output>;

/** The step on top of the stack, if it is the agent's own and nobody changed what it wrote since. */
function ownStep(context: ScoreToolsContext, direction: Direction): UndoStep<unknown> | ToolError {
  const step = direction === 'undo' ? context.undo.peekUndo() : context.undo.peekRedo();
  if (step === undefined) {
    return toolError('nothing_changed', `There is nothing to ${direction}.`, [
      {
        message: `The ${direction} history is empty.`,
        hint:
          direction === 'undo' ? 'Only your own writes can be undone.' : 'Redo follows an undo.',
      },
    ]);
  }
  const callId = step.meta.toolCallId;
  if (step.meta.actor !== context.actor || callId === undefined || !context.ledger.has(callId)) {
    const what = step.meta.label ? ` (${step.meta.label})` : '';
    return toolError(
      'nothing_changed',
      `The newest step to ${direction} is not yours: ${step.meta.actor} made it${what}.`,
      [
        {
          message: `${step.meta.actor}'s step lies above your last step; ${direction === 'undo' ? 'undoing' : 'redoing'} would change their work.`,
          hint: 'Leave their work alone: read the measures again and rewrite what you still want changed.',
        },
      ],
    );
  }
  const changed = context.ledger.changedSince(callId);
  if (changed.length > 0) {
    return toolError(
      'nothing_changed',
      `Someone changed what your step wrote after it, so ${direction} would overwrite their work.`,
      changed.map((entry) => ({
        path: keyName(context.score, entry.map, entry.key),
        message:
          entry.client === undefined
            ? 'Deleted by a collaborator since your step.'
            : `Changed by ${context.describeClient(entry.client)} since your step.`,
        hint: 'Read these measures again and rewrite them as you want them now.',
      })),
    );
  }
  return step;
}

/**
 * What undoing or redoing the agent's own step would touch, for write
 * scopes: every unit of the range the step selected when it was made (as it
 * is numbered now). Nothing when there is no own step to take: run says why.
 */
function ownStepTargets(context: ScoreToolsContext, direction: Direction): ScoreTarget[] {
  const checked = ownStep(context, direction);
  if (!('meta' in checked)) return [];
  const range = context.ledger.rangeOf(checked.meta.toolCallId!);
  if (range === null) return [];
  const targets: ScoreTarget[] = [];
  for (let measure = range.start_measure; measure <= range.end_measure; measure++) {
    for (const part of range.parts)
      targets.push({ kind: 'unit', measure, part, reason: 'rewrite' });
  }
  return targets;
}

function runOwn(context: ScoreToolsContext, direction: Direction): ToolRunResult<Output> {
  const checked = ownStep(context, direction);
  if (!('meta' in checked)) return toolFail(checked);
  const result = direction === 'undo' ? context.undo.undo() : context.undo.redo();
  if (!result.ok) return toolFail(toolError('nothing_changed', result.message));
  const callId = checked.meta.toolCallId!;
  context.ledger.refresh(callId);
  const range = context.ledger.rangeOf(callId);
  if (range) context.selection.set(range);
  const revision = context.revision();
  const label = checked.meta.label ?? callId;
  const where = range
    ? ` m${range.start_measure}${range.end_measure === range.start_measure ? '' : `-m${range.end_measure}`} is selected.`
    : '';
  return toolOk(
    {
      summary: `${direction === 'undo' ? 'Undid' : 'Redid'} your step "${label}".${where} Revision ${revision}.`,
      step: { tool_call_id: callId, label },
      changed_range: range ? { ...range, parts: [...range.parts] } : null,
      revision,
    },
    [`step:${callId}`],
  );
}

/**
 * The `undo` tool: the agent's own last step.
 *
 * @example
 * ```ts
 * await tools.invoke('undo', {});
 * ```
 */
export const undoTool = defineTool({
  name: 'undo',
  title: 'Undo your last change',
  description: TOOL_DESCRIPTIONS.undo,
  input: z.object({}),
  output,
  permission: 'write',
  targets: (_args, { context }: ToolRunCall<ScoreToolsContext>) => ownStepTargets(context, 'undo'),
  run: (_args, { context }: ToolRunCall<ScoreToolsContext>) => runOwn(context, 'undo'),
});

/**
 * The `redo` tool: the agent's own last undone step.
 *
 * @example
 * ```ts
 * await tools.invoke('redo', {});
 * ```
 */
export const redoTool = defineTool({
  name: 'redo',
  title: 'Redo your last undone change',
  description: TOOL_DESCRIPTIONS.redo,
  input: z.object({}),
  output,
  permission: 'write',
  targets: (_args, { context }: ToolRunCall<ScoreToolsContext>) => ownStepTargets(context, 'redo'),
  run: (_args, { context }: ToolRunCall<ScoreToolsContext>) => runOwn(context, 'redo'),
});
