/**
 * A tool pipeline that saves after every call that changed the document: the
 * same calls, results and refusals, and then the save. It runs inside the MCP
 * server's per-document queue, so saves happen one at a time, in call order.
 */
import type { ToolInvocation, ToolPipeline } from '@scorelane/tool-contracts';

/**
 * Wraps `pipeline` so that `save` runs after each call whose revision moved
 * (a write that applied, an undo); a refusal, a dry run, a read or a replay
 * saves nothing. A save that fails does not undo the change: the result says
 * that the change is made but not saved, and why, so the agent can tell the
 * user.
 *
 * @example
 * ```ts
 * const served = savingAfterChanges(tools.pipeline, () => file.save());
 * ```
 */
export function savingAfterChanges(
  pipeline: ToolPipeline,
  save: () => Promise<void>,
): ToolPipeline {
  return {
    list: (role) => pipeline.list(role),
    manifest: (role) => pipeline.manifest(role),
    invoke: async (name, args, options) => {
      const invocation = await pipeline.invoke(name, args, options);
      if (!changedTheDocument(invocation)) return invocation;
      try {
        await save();
        return invocation;
      } catch (error) {
        return withSaveFailure(invocation, error);
      }
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

function withSaveFailure(invocation: ToolInvocation, error: unknown): ToolInvocation {
  const reason = error instanceof Error ? error.message : String(error);
  const note = `The change is made in the open score but could not be saved to its file: ${reason} Tell the user; the next change that saves will write the file whole.`;
  return {
    ...invocation,
    result: {
      ...invocation.result,
      content: [...invocation.result.content, { type: 'text', text: note }],
    },
  };
}
