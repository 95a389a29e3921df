/**
 * `get_proposal_status`: what became of a write the agent proposed while the
 * document's review mode was on (pending, stale, accepted, rejected, failed),
 * and who decided it, so the agent can go on from the person's answer.
 */
import {
  defineTool,
  type ToolRunCall,
  toolError,
  toolFail,
  toolOk,
} from '@scorelane/tool-contracts';
import * as z from 'zod';
import type { ActivityActor } from '../activity-entry.ts';
import type { ScoreToolsContext } from '../score-tools-context.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { revisionOutput } from '../tool-fields.ts';
import { rangeSchema } from '../write-output.ts';

const output = z.object({
  proposal_id: z.string(),
  state: z
    .enum(['pending', 'accepted', 'rejected', 'stale', 'failed'])
    .describe('pending: waiting for a person; accepted: applied; stale or failed: not applied.'),
  stale: z
    .boolean()
    .describe(
      'Whether its measures changed since it was planned: accepting it would write nothing.',
    ),
  tool: z.string(),
  changed_range: rangeSchema,
  proposed_by: z.string(),
  decided_by: z.string().nullable(),
  message: z.string().nullable(),
  summary: z.string(),
  revision: revisionOutput,
});

/**
 * The `get_proposal_status` tool.
 *
 * @example
 * ```ts
 * await tools.invoke('get_proposal_status', { proposal_id: 'proposal_…' }); // { state: 'accepted', decided_by: 'Ada', ... }
 * ```
 */
export const getProposalStatusTool = defineTool({
  name: 'get_proposal_status',
  title: 'Get the status of a proposal',
  description: TOOL_DESCRIPTIONS.get_proposal_status,
  input: z.object({
    proposal_id: z.string().min(1).describe('review.id of the held write.'),
  }),
  output,
  permission: 'read',
  examples: [{ proposal_id: 'proposal_3f2a' }],
  run: ({ proposal_id }, { context }: ToolRunCall<ScoreToolsContext>) => {
    const proposal = context.shared?.get(proposal_id);
    if (proposal === undefined) {
      return toolFail(
        toolError('not_found', `There is no proposal ${JSON.stringify(proposal_id)}.`, [
          {
            path: 'proposal_id',
            message:
              context.shared === undefined
                ? 'This score keeps no proposals: its writes are not reviewed through the document.'
                : 'No proposal of this document has that id (the oldest decided ones are dropped).',
            hint: 'Pass the id a write returned under review.id.',
          },
        ]),
      );
    }
    const stale = proposal.state === 'pending' && context.shared!.isStale(proposal);
    return toolOk({
      proposal_id: proposal.id,
      state: proposal.state,
      stale: stale || proposal.state === 'stale',
      tool: proposal.tool,
      changed_range: { ...proposal.range, parts: [...proposal.range.parts] },
      proposed_by: nameOf(proposal.proposed_by),
      decided_by: proposal.decided_by === null ? null : nameOf(proposal.decided_by),
      message: proposal.message,
      summary: proposal.summary,
      revision: context.revision(),
    });
  },
});

function nameOf(actor: ActivityActor): string {
  if (actor.name !== undefined) return actor.name;
  return actor.kind === 'person' ? 'a person' : `an agent (${actor.via})`;
}
