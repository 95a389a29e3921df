/**
 * The person's Undo and Redo (buttons and keys) in the activity log: they
 * change the score like any call, so everyone on the document reads that a
 * step was taken back. The range is the one the undone step's own entry
 * recorded, found by its call id.
 */
import type { ActivityActor, ActivityChange, ActivityLog } from '@scorelane/score-tools';
import type { UndoResult } from '@scorelane/undo';

/**
 * The change an undo or redo of the page made, or `null` when it did
 * nothing (a refusal, nothing to undo).
 *
 * @example
 * ```ts
 * historyChange('undo', undo.undo(), log, { kind: 'person', via: 'editor' })?.summary;
 * // 'undid "rewrite_measures from m2, parts 1"'
 * ```
 */
export function historyChange(
  command: 'undo' | 'redo',
  result: UndoResult<unknown>,
  log: ActivityLog,
  by: ActivityActor,
): ActivityChange | null {
  if (!result.ok) return null;
  const { label, toolCallId } = result.step.meta;
  const undone = toolCallId === undefined ? undefined : entryOfCall(log, toolCallId);
  return {
    by,
    tool: command,
    summary: `${command === 'undo' ? 'undid' : 'redid'} "${label ?? `${result.step.meta.actor}’s step`}"${result.partial ? ' (partly: a collaborator changed some of it since)' : ''}`,
    range: undone?.range ?? null,
    revision: null,
  };
}

/** The newest entry recorded for call `callId`, on this doc or another. */
function entryOfCall(log: ActivityLog, callId: string) {
  return log
    .entries()
    .filter((entry) => entry.id.endsWith(`:${callId}`))
    .at(-1);
}
