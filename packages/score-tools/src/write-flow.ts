/**
 * How every write tool runs: plan (pure), then answer the dry run, open a
 * review session, or apply the plan as one undo step of the agent and select
 * what changed. A refused plan returns before anything is written, so the
 * Y.Doc's state vector is unchanged.
 */
import { apply, type Result, type Score, type ScorePlan } from '@scorelane/score-model';
import { type ToolRunCall, type ToolRunResult, toolFail, toolOk } from '@scorelane/tool-contracts';
import type * as Y from 'yjs';
import { musicalWarnings } from './musical-warnings.ts';
import { refusalError } from './refusal.ts';
import type { ReviewDesk } from './review-desk.ts';
import { revisionCacheOf } from './revision-cache.ts';
import type { ScoreToolsContext } from './score-tools-context.ts';
import type { ScoreSelection } from './selection.ts';
import type { MusicalWarning, WriteOutput } from './write-output.ts';

/**
 * One write, as data: the tool's name, the label of its undo step, and how
 * to plan it against the score as it is, with a revision to judge staleness.
 *
 * @example
 * ```ts
 * const spec: WriteSpec = {
 *   tool: 'delete_measures',
 *   label: 'Delete m3-m4',
 *   plan: (score, revision) => planDeleteMeasures(score, { start: 3, end: 4, ...(revision ? { revision } : {}) }),
 * };
 * ```
 */
export interface WriteSpec {
  readonly tool: string;
  readonly label: string;
  readonly plan: (score: Score, revision: string | undefined) => Result<{ plan: ScorePlan }>;
}

/** The arguments every write tool shares. */
export interface WriteArgs {
  readonly revision?: string | undefined;
  readonly dry_run?: boolean | undefined;
}

/**
 * Runs a write tool's call: plans it, then answers the dry run, holds it as
 * a proposal in the document (an agent's write while the document's review
 * mode is on), proposes it for review (when the host reviews writes), or
 * applies it. Only a proposal for review is answered as a promise.
 *
 * @example
 * ```ts
 * run: (args, call) => runWrite(call, rewriteSpec(args), args),
 * ```
 */
export function runWrite(
  call: ToolRunCall<ScoreToolsContext>,
  spec: WriteSpec,
  args: WriteArgs & Record<string, unknown>,
): ToolRunResult<WriteOutput> | Promise<ToolRunResult<WriteOutput>> {
  const { context } = call;
  const planned = spec.plan(context.score, args.revision);
  if (!planned.ok) return toolFail(refusalError(spec.tool, planned.problems));
  const warnings = musicalWarnings(context.score, planned.plan);
  if (args.dry_run === true) {
    return toolOk(describeWrite(context, 'dry_run', planned.plan, warnings));
  }
  if (context.shared?.holds()) {
    const held = describeWrite(context, 'awaiting_review', planned.plan, warnings);
    const proposal = context.shared.hold(spec, args, call.scope, held);
    return toolOk({
      ...held,
      summary: `${held.summary} It is proposal ${proposal.id}: get_proposal_status tells you when a person accepts or rejects it.`,
      review: { id: proposal.id, state: proposal.state },
    });
  }
  const desk = context.review;
  if (desk?.enabled()) return proposeWrite(desk, call, spec, args, planned.plan, warnings);
  // Answered at once, not as a promise: the pipeline waits only for what a tool returns later.
  return applyPlanned(context, spec, planned.plan, warnings, call.call_id);
}

/** A write proposed as a review session of the host's desk, answered once the desk has it. */
async function proposeWrite(
  desk: ReviewDesk,
  call: ToolRunCall<ScoreToolsContext>,
  spec: WriteSpec,
  args: WriteArgs & Record<string, unknown>,
  plan: ScorePlan,
  warnings: readonly MusicalWarning[],
): Promise<ToolRunResult<WriteOutput>> {
  const session = await desk.propose(spec.tool, args, call.scope);
  if (!session.ok) return toolFail(session.error);
  return toolOk({
    ...describeWrite(call.context, 'awaiting_review', plan, warnings),
    review: { id: session.id, state: session.state },
  });
}

/**
 * Applies a plan as one undo step of the agent (meta: the agent's actor, the
 * call id, the spec's label), selects the changed range inside the step (so
 * undo and redo restore it), and records what the step wrote for the agent's
 * own undo.
 *
 * @example
 * ```ts
 * const result = applyPlanned(context, spec, planned.plan, [], 'call_7');
 * ```
 */
export function applyPlanned(
  context: ScoreToolsContext,
  spec: WriteSpec,
  plan: ScorePlan,
  warnings: readonly MusicalWarning[],
  callId: string,
): ToolRunResult<WriteOutput> {
  let transaction: Y.Transaction | undefined;
  let range: ScoreSelection | null = null;
  const revisions = revisionCacheOf(context.score);
  const endedBefore = revisions.ended();
  const applied = context.undo.runAsStep(
    { actor: context.actor, toolCallId: callId, label: spec.label },
    (tr) => {
      transaction = tr;
      const result = apply(context.score, plan);
      if (result.ok) {
        range = changedRange(plan);
        context.selection.set(range);
      }
      return result;
    },
    context.origin === undefined ? {} : { origin: context.origin },
  );
  if (!applied.ok) return toolFail(refusalError(spec.tool, applied.problems));
  // apply took the revision after its writes, the step's last change to the
  // score; when the step's transaction is the only one that ended since, it
  // is the revision now, and the pipeline need not compute it again.
  revisions.settle(applied.revision, endedBefore + 1);
  if (transaction !== undefined) context.ledger.record(callId, transaction, range);
  const output = describeWrite(context, 'applied', plan, warnings, applied.revision);
  return toolOk(
    output,
    plan.changes.map((change) => change.unit),
  );
}

/**
 * The measures and parts a plan changes, as they are numbered after it is
 * applied, kept inside the score (a deletion at the end selects the new last
 * measure).
 *
 * @example
 * ```ts
 * changedRange(planned.plan); // { start_measure: 2, end_measure: 2, parts: [1] }
 * ```
 */
export function changedRange(plan: ScorePlan): ScoreSelection {
  const count = plan.measureCount + plan.addedMeasures - plan.removedMeasures;
  const end = Math.max(1, Math.min(plan.range.end, count));
  const start = Math.max(1, Math.min(plan.range.start, end));
  return { start_measure: start, end_measure: end, parts: [...plan.parts] };
}

/**
 * The output of a write: what changed (with before and after for dry runs
 * and reviews), repairs, dropped attachments, warnings, the revision, and a
 * summary for the model.
 *
 * @example
 * ```ts
 * describeWrite(context, 'dry_run', planned.plan, []).summary;
 * // 'Dry run of 1 unit (P1 s1 m2) in m2, part 1: nothing was written. ...'
 * ```
 */
export function describeWrite(
  context: ScoreToolsContext,
  status: WriteOutput['status'],
  plan: ScorePlan,
  warnings: readonly MusicalWarning[],
  revision: string = context.revision(),
): WriteOutput {
  const changed = changedRange(plan);
  const range = { ...changed, parts: [...changed.parts] };
  const count = plan.measureCount + plan.addedMeasures - plan.removedMeasures;
  const withText = status !== 'applied';
  return {
    status,
    summary: summarize(status, plan, range, warnings, revision),
    revision,
    changed_range: range,
    measure_count: count,
    changes: plan.changes.map((change) => ({
      unit: change.unit,
      reason: change.reason,
      ...(withText ? { before: change.before, after: change.after } : {}),
      ...(change.unchanged ? { unchanged: true as const } : {}),
    })),
    repairs: plan.repairs.map((repair) => repair.message),
    dropped: plan.dropped.map((drop) => ({
      lane: drop.lane,
      ...(drop.event !== undefined ? { event: drop.event } : {}),
      marks: drop.marks.map((mark) => ({ ...mark })),
      message: drop.message,
    })),
    warnings: [...warnings],
  };
}

function summarize(
  status: WriteOutput['status'],
  plan: ScorePlan,
  range: WriteOutput['changed_range'],
  warnings: readonly MusicalWarning[],
  revision: string,
): string {
  const where = `m${range.start_measure}${range.end_measure === range.start_measure ? '' : `-m${range.end_measure}`}, part${range.parts.length === 1 ? '' : 's'} ${range.parts.join(', ')}`;
  const units = plan.texts
    ? plan.texts
        .map(
          (text) =>
            `the ${text.field} (${text.after ? `"${text.after}"` : 'removed'}, was ${text.before ? `"${text.before}"` : 'none'})`,
        )
        .join(', ') || 'no score text'
    : `${plan.changes.length} unit${plan.changes.length === 1 ? '' : 's'}`;
  const measures =
    plan.addedMeasures > 0
      ? ` ${plan.addedMeasures} measure${plan.addedMeasures === 1 ? '' : 's'} added.`
      : plan.removedMeasures > 0
        ? ` ${plan.removedMeasures} measure${plan.removedMeasures === 1 ? '' : 's'} removed.`
        : '';
  const unchanged = plan.changes.filter((change) => change.unchanged).length;
  const nothingWritten = plan.writes.length === 0;
  const head =
    (plan.partEdit === undefined ? undefined : partHead(status, plan, nothingWritten, where)) ??
    {
      applied: nothingWritten
        ? `The score already holds this: nothing was written and there is no undo step (${units} in ${where} unchanged); ${where} is now selected.`
        : `Applied ${plan.kind} of ${units} in ${where}, as one undo step; ${where} is now selected.${measures}`,
      dry_run: `Dry run of ${plan.kind} (${units} in ${where}): nothing was written.${measures ? ` If applied:${measures}` : ''}`,
      awaiting_review: `The ${plan.kind} of ${units} in ${where} awaits the user's review: nothing is written until they accept it.`,
    }[status];
  const notes = [
    unchanged > 0 && !nothingWritten
      ? `${unchanged} of them already held this and were left as they were.`
      : '',
    plan.repairs.length > 0 ? `${plan.repairs.length} tie repair(s).` : '',
    lostMarks(plan),
    warnings.length > 0 ? `${warnings.length} musical warning(s): see warnings.` : '',
  ].filter((note) => note !== '');
  return [head, ...notes, `Revision ${revision}.`].join(' ');
}

/** The head of a part plan's summary: what changes in the part list, in words. */
function partHead(
  status: WriteOutput['status'],
  plan: ScorePlan,
  nothingWritten: boolean,
  where: string,
): string {
  const what = `${plan.kind}: ${plan.partEdit}`;
  if (status === 'dry_run') return `Dry run of ${what}; nothing was written.`;
  if (status === 'awaiting_review')
    return `The ${what} awaits the user's review: nothing is written until they accept it.`;
  return nothingWritten
    ? `The score already holds this (${plan.partEdit}): nothing was written and there is no undo step.`
    : `Applied ${what}, as one undo step; ${where} is now selected.`;
}

/** The summary's note on lost musical marks (or a removed part's music): how many places, and the first in words. */
function lostMarks(plan: ScorePlan): string {
  const first = plan.dropped[0];
  if (!first) return '';
  if (plan.kind === 'remove-part') return `Removed music: ${first.message}`;
  const more = plan.dropped.length - 1;
  return `Lost musical marks: ${first.message}${more > 0 ? ` (and ${more} more: see dropped)` : ''}`;
}
