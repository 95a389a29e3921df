/**
 * A tool pipeline that asks for a save after every call that changed the
 * document: the same calls, results and refusals, answered without waiting
 * for the file; the saves follow soon after, coalesced (see
 * `coalesced-saves.ts`).
 */
import type { ToolInvocation, ToolPipeline } from '@scorelane/tool-contracts';
import type { CoalescedSaves } from './coalesced-saves.ts';

/**
 * Wraps `pipeline` so that a save is requested after each call whose
 * revision moved (a write that applied, an undo); a refusal, a dry run, a
 * read or a replay asks for none. A save that fails does not undo the
 * change: the next change's result says that the score is changed but its
 * file is not saved, and why, so the agent can tell the user.
 *
 * @example
 * ```ts
 * const served = savingAfterChanges(tools.pipeline, coalescedSaves(() => file.save()));
 * ```
 */
export function savingAfterChanges(pipeline: ToolPipeline, saves: CoalescedSaves): ToolPipeline {
  return {
    list: (role) => pipeline.list(role),
    manifest: (role) => pipeline.manifest(role),
    invoke: async (name, args, options) => {
      const invocation = await pipeline.invoke(name, args, options);
      if (!changedTheDocument(invocation)) return invocation;
      saves.request();
      const failure = saves.takeFailure();
      return failure === undefined ? invocation : withSaveFailure(invocation, failure);
    },
  };
}

function changedTheDocument(invocation: ToolInvocation): boolean {
  return (
    invocation.ok &&
    !invocation.replayed &&
    invocation.revision_before !== invocation.revision_after
  );
}

function withSaveFailure(invocation: ToolInvocation, reason: string): ToolInvocation {
  const note = `The change is made in the open score, but the last save to its file failed: ${reason} Tell the user; the file is saved whole again after the next change and when the session ends.`;
  return {
    ...invocation,
    result: {
      ...invocation.result,
      content: [...invocation.result.content, { type: 'text', text: note }],
    },
  };
}
