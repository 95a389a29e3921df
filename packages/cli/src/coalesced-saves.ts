/**
 * Saving off the call path: a change asks for a save and the call is answered
 * at once; the save runs soon after, and every change that comes meanwhile
 * is saved by the same write. The wait before a save is twice the time the
 * last save took (at least {@link MIN_SAVE_DELAY_MS}, at most
 * {@link MAX_SAVE_DELAY_MS}), so a score whose save costs a lot of time is
 * saved less often and saving never takes more than about a third of the
 * process's time, whatever the score's size.
 */

/** The shortest wait between a change and the save that holds it. */
export const MIN_SAVE_DELAY_MS = 100;
/** The longest wait between a change and the start of the save that holds it. */
export const MAX_SAVE_DELAY_MS = 2000;

/** Saves that follow the changes. */
export interface CoalescedSaves {
  /** There is a change to save: it is saved soon, with any others that come meanwhile. */
  request(): void;
  /**
   * Saves now what is not saved yet (cancelling the wait) and resolves once
   * the file holds every change requested before the call.
   *
   * @returns the reason the save failed, or undefined when it succeeded or nothing was unsaved.
   */
  flush(): Promise<string | undefined>;
  /** The reason the last save failed, once (undefined when it succeeded, or was already taken). */
  takeFailure(): string | undefined;
}

/** How a {@link coalescedSaves} waits and reports. */
export interface CoalescedSavesOptions {
  /** Told each failure as it happens, for the error stream. */
  readonly onFailure?: (reason: string) => void;
}

/**
 * Coalesces calls of `save` (which writes the whole score as it is when
 * called, and rejects when it cannot).
 *
 * @example
 * ```ts
 * const saves = coalescedSaves(() => file.save(), { onFailure: (reason) => io.err(`${reason}\n`) });
 * saves.request(); // after a change; the call is answered without waiting
 * await saves.flush(); // before exit
 * ```
 */
export function coalescedSaves(
  save: () => Promise<void>,
  options: CoalescedSavesOptions = {},
): CoalescedSaves {
  let unsaved = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let lastDurationMs = 0;
  let failure: string | undefined;
  let untaken: string | undefined;

  const delay = () => Math.min(MAX_SAVE_DELAY_MS, Math.max(MIN_SAVE_DELAY_MS, 2 * lastDurationMs));

  const schedule = () => {
    if (timer !== undefined || running !== undefined) return;
    timer = setTimeout(() => void start(), delay());
    timer.unref?.();
  };

  const start = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (running !== undefined) return running;
    if (!unsaved) return Promise.resolve();
    unsaved = false;
    const began = performance.now();
    const finished = (async () => {
      try {
        await save();
        failure = undefined;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
        untaken = failure;
        // Kept as unsaved, so the next change or the final flush tries again.
        unsaved = true;
        options.onFailure?.(failure);
      }
    })();
    running = finished.finally(() => {
      lastDurationMs = performance.now() - began;
      running = undefined;
      if (unsaved && failure === undefined) schedule();
    });
    return running;
  };

  return {
    request() {
      unsaved = true;
      schedule();
    },
    async flush() {
      if (running !== undefined) await running;
      if (unsaved) await start();
      return failure;
    },
    takeFailure() {
      const reason = untaken;
      untaken = undefined;
      return reason;
    },
  };
}
