/**
 * One queue per served document: tool calls on the same pipeline run one
 * after another, so a tool that checks a revision and then writes cannot be
 * overtaken by another call between the two, whatever transport the calls
 * came through.
 */
import type { ToolPipeline } from '@scorelane/tool-contracts';

/**
 * Runs work items one at a time, in the order they were queued.
 *
 * @example
 * ```ts
 * const queue = callQueueOf(pipeline);
 * const invocation = await queue.run(() => pipeline.invoke('add_item', args, { role: 'editor' }));
 * ```
 */
export interface CallQueue {
  /** Runs `work` once every item queued before it has settled; resolves or rejects as `work` does. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * A new, empty queue.
 *
 * @example
 * ```ts
 * const queue = createCallQueue();
 * await Promise.all([queue.run(first), queue.run(second)]); // second starts after first settles
 * ```
 */
export function createCallQueue(): CallQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      const current = tail.then(work, work);
      tail = current.then(settled, settled);
      return current;
    },
  };
}

function settled(): undefined {
  return undefined;
}

const queues = new WeakMap<ToolPipeline, CallQueue>();

/**
 * The queue of a pipeline, the same one for every server that serves it (a
 * pipeline is bound to one document, so this is the document's queue).
 *
 * @example
 * ```ts
 * callQueueOf(pipeline) === callQueueOf(pipeline); // true
 * ```
 */
export function callQueueOf(pipeline: ToolPipeline): CallQueue {
  let queue = queues.get(pipeline);
  if (queue === undefined) {
    queue = createCallQueue();
    queues.set(pipeline, queue);
  }
  return queue;
}
