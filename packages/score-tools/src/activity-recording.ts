/**
 * Recording a score tools instance's changes in the activity log: every
 * call through its pipeline that changed the score, and every review
 * session accepted through its desk, as one entry by the instance's actor.
 */
import type { ToolPipeline } from '@scorelane/tool-contracts';
import { type ActivityActor, activityChangeOf, activityChangeOfReview } from './activity-entry.ts';
import type { ActivityLog } from './activity-log.ts';
import type { ReviewDesk } from './review-desk.ts';

/**
 * Where a score tools instance records its changes, and as whom.
 *
 * @example
 * ```ts
 * const activity: ActivityOptions = { log: openActivityLog(doc), by: { kind: 'agent', via: 'mcp' } };
 * createScoreTools({ score, undo, activity });
 * ```
 */
export interface ActivityOptions {
  readonly log: ActivityLog;
  /** Who this instance acts as; a function is asked at each record (a person may rename themselves). */
  readonly by: ActivityActor | (() => ActivityActor);
}

/**
 * `pipeline`, recording in the log each call that changed the score.
 *
 * @example
 * ```ts
 * const recorded = recordingPipeline(pipeline, activity);
 * ```
 */
export function recordingPipeline(pipeline: ToolPipeline, activity: ActivityOptions): ToolPipeline {
  return {
    list: (policy) => pipeline.list(policy),
    manifest: (policy) => pipeline.manifest(policy),
    invoke: async (name, args, options) => {
      const invocation = await pipeline.invoke(name, args, options);
      const change = activityChangeOf(invocation, actorOf(activity));
      if (change !== null) activity.log.record(change);
      return invocation;
    },
  };
}

/**
 * `desk`, recording in the log each session that accept applied.
 *
 * @example
 * ```ts
 * const reviews = recordingReviews(desk, activity);
 * ```
 */
export function recordingReviews(desk: ReviewDesk, activity: ActivityOptions): ReviewDesk {
  return {
    ...desk,
    accept: async (id) => {
      const step = await desk.accept(id);
      const change = activityChangeOfReview(step.session, actorOf(activity));
      if (change !== null) activity.log.record(change);
      return step;
    },
  };
}

function actorOf(activity: ActivityOptions): ActivityActor {
  return typeof activity.by === 'function' ? activity.by() : activity.by;
}
