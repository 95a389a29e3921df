/**
 * One entry of a score's activity log: who changed the score (a person, an
 * agent in a person's browser, an agent on the server's MCP endpoint), with
 * which tool, what (the changed range and a short summary) and when. Made
 * only from calls that changed the score; read back defensively, since a
 * peer on the same Y.Doc may have written anything.
 */
import type { ToolInvocation } from '@scorelane/tool-contracts';
import type { Proposal } from './proposal-store.ts';
import type { ScoreReviewSession } from './review-desk.ts';
import type { ScoreSelection } from './selection.ts';

/**
 * Who made a change: `kind` person or agent, and `via` where the call came
 * from: `editor` (a person's own edit in an editor), `webmcp` (an agent in a
 * person's browser), `mcp` (an agent on an MCP endpoint, such as the
 * collaboration server's). `name` is an optional display name.
 *
 * @example
 * ```ts
 * const by: ActivityActor = { kind: 'agent', via: 'mcp' };
 * ```
 */
export interface ActivityActor {
  readonly kind: 'person' | 'agent';
  readonly via: 'editor' | 'webmcp' | 'mcp';
  readonly name?: string;
}

/**
 * A logged change. `client` is the Yjs client id of the document that
 * recorded it, so a page can tell its own entries ("you", "an agent in this
 * browser") from a collaborator's.
 *
 * @example
 * ```ts
 * const entry: ActivityEntry = {
 *   id: '1234:call_7', at: '2026-11-30T23:10:00.000Z', client: 1234,
 *   by: { kind: 'agent', via: 'webmcp' }, tool: 'rewrite_measures',
 *   summary: '1 unit in m2, part 1', range: { start_measure: 2, end_measure: 2, parts: [1] },
 *   revision: 'r1.…',
 * };
 * ```
 */
export interface ActivityEntry {
  readonly id: string;
  /** When it was recorded (ISO 8601). */
  readonly at: string;
  readonly client: number;
  readonly by: ActivityActor;
  readonly tool: string;
  /** A short phrase: what changed (`1 unit in m2, part 1`, `undid "rewrite_measures from m2"`). */
  readonly summary: string;
  /** The measures and parts it changed, as numbered right after it; `null` when unknown. */
  readonly range: ScoreSelection | null;
  /** The score's revision right after the change, when known. */
  readonly revision: string | null;
  /** For a proposal a person accepted (`by`): the agent that proposed it. */
  readonly proposed_by?: ActivityActor;
}

/** What a caller gives to record a change; the log adds `id`, `at` and `client`. */
export type ActivityChange = Pick<
  ActivityEntry,
  'by' | 'tool' | 'summary' | 'range' | 'revision' | 'proposed_by'
> & {
  /** The call id; the entry's id is `<client>:<call id>`. Default: a fresh one. */
  readonly call_id?: string;
};

/**
 * The change a finished call made, or `null` when it changed nothing: a
 * refusal, a read, a dry run, a proposal awaiting review, a replay, or a
 * write whose every unit already held what it wrote.
 *
 * @example
 * ```ts
 * const invocation = await tools.invoke('rewrite_measures', { start_measure: 2, parts: [1], lanes_seq });
 * activityChangeOf(invocation, { kind: 'agent', via: 'webmcp' })?.summary; // '1 unit in m2, part 1'
 * ```
 */
export function activityChangeOf(
  invocation: ToolInvocation,
  by: ActivityActor,
): ActivityChange | null {
  if (!invocation.ok || invocation.replayed || invocation.changed.length === 0) return null;
  if (invocation.revision_before === invocation.revision_after) return null;
  const output = invocation.output;
  if (output.status !== undefined && output.status !== 'applied') return null;
  const range = readRange(output.changed_range);
  return {
    call_id: invocation.call_id,
    by,
    tool: invocation.tool,
    summary: summaryOf(invocation.tool, output, range),
    range,
    revision: invocation.revision_after,
  };
}

/**
 * The change an accepted review session made (it applied as one undo step
 * of the agent), or `null` for a session in any other state.
 *
 * @example
 * ```ts
 * const step = await tools.reviews!.accept(id);
 * activityChangeOfReview(step.session, { kind: 'agent', via: 'webmcp' })?.summary;
 * // '1 unit in m2, part 1, accepted in review'
 * ```
 */
export function activityChangeOfReview(
  session: ScoreReviewSession,
  by: ActivityActor,
): ActivityChange | null {
  if (session.state !== 'applied' || session.preview === null) return null;
  const output = session.preview as unknown as Record<string, unknown>;
  const range = readRange(output.changed_range);
  return {
    call_id: session.call_id,
    by,
    tool: session.tool,
    summary: `${summaryOf(session.tool, output, range)}, accepted in review`,
    range,
    revision: session.revision_after,
  };
}

/**
 * The change a proposal made when `by` accepted it (`output`: what the
 * write applied), recorded with both names, or `null` when it wrote nothing.
 *
 * @example
 * ```ts
 * const outcome = tools.proposals!.accept(id);
 * // recorded by accept: { by: Ada, proposed_by: the agent, summary: '1 unit in m2, part 1, accepted in review' }
 * ```
 */
export function activityChangeOfProposal(
  proposal: Proposal,
  output: Readonly<Record<string, unknown>>,
  by: ActivityActor,
): ActivityChange | null {
  if (proposal.state !== 'accepted') return null;
  const range = readRange(output.changed_range);
  return {
    call_id: `accept_${proposal.id}`,
    by,
    proposed_by: proposal.proposed_by,
    tool: proposal.tool,
    summary: `${summaryOf(proposal.tool, output, range)}, accepted in review`,
    range,
    revision: proposal.revision_after,
  };
}

/**
 * `value` as an entry, or `null` when it is not one (a peer wrote something
 * else into the log): the log's reader skips it.
 *
 * @example
 * ```ts
 * readActivityEntry({ id: 3 }); // null
 * ```
 */
export function readActivityEntry(value: unknown): ActivityEntry | null {
  if (!isRecord(value)) return null;
  const { id, at, client, by, tool, summary, range, revision } = value;
  if (typeof id !== 'string' || typeof at !== 'string' || typeof tool !== 'string') return null;
  if (typeof summary !== 'string' || typeof client !== 'number') return null;
  const actor = readActor(by);
  if (actor === null) return null;
  const proposedBy = readActor(value.proposed_by);
  return {
    id,
    at,
    client,
    by: actor,
    tool,
    summary,
    range: readRange(range),
    revision: typeof revision === 'string' ? revision : null,
    ...(proposedBy === null ? {} : { proposed_by: proposedBy }),
  };
}

/**
 * `m2, part 1` or `m2-m4, parts 1, 2`: a range as the tools' summaries write it.
 *
 * @example
 * ```ts
 * rangePhrase({ start_measure: 2, end_measure: 4, parts: [1, 2] }); // 'm2-m4, parts 1, 2'
 * ```
 */
export function rangePhrase(range: ScoreSelection): string {
  const measures =
    range.start_measure === range.end_measure
      ? `m${range.start_measure}`
      : `m${range.start_measure}-m${range.end_measure}`;
  const parts = `part${range.parts.length === 1 ? '' : 's'} ${range.parts.join(', ')}`;
  return `${measures}, ${parts}`;
}

function summaryOf(
  tool: string,
  output: Record<string, unknown>,
  range: ScoreSelection | null,
): string {
  const where = range === null ? '' : ` in ${rangePhrase(range)}`;
  const step = output.step;
  if (isRecord(step) && typeof step.label === 'string') {
    return `${tool === 'redo' ? 'redid' : 'undid'} "${step.label}"`;
  }
  const changes = Array.isArray(output.changes) ? output.changes : [];
  const written = changes.filter((change) => !(isRecord(change) && change.unchanged === true));
  const units = `${written.length} unit${written.length === 1 ? '' : 's'}`;
  return `${units}${where}${measureCountNote(output)}`;
}

function measureCountNote(output: Record<string, unknown>): string {
  const summary = typeof output.summary === 'string' ? output.summary : '';
  const counted = /(\d+) measures? (added|removed)/.exec(summary);
  return counted === null ? '' : `; ${counted[0]}`;
}

/** An activity actor stored in the document, or null when it is not one (written by a tampered peer). */
export function readActor(value: unknown): ActivityActor | null {
  if (!isRecord(value)) return null;
  const { kind, via, name } = value;
  if (kind !== 'person' && kind !== 'agent') return null;
  if (via !== 'editor' && via !== 'webmcp' && via !== 'mcp') return null;
  return typeof name === 'string' ? { kind, via, name } : { kind, via };
}

/** A measure range stored in the document, or null when it is not one (written by a tampered peer). */
export function readRange(value: unknown): ScoreSelection | null {
  if (!isRecord(value)) return null;
  const { start_measure, end_measure, parts } = value;
  if (!Number.isSafeInteger(start_measure) || !Number.isSafeInteger(end_measure)) return null;
  if (!Array.isArray(parts) || !parts.every((part) => Number.isSafeInteger(part))) return null;
  return {
    start_measure: start_measure as number,
    end_measure: end_measure as number,
    parts: [...(parts as number[])],
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
