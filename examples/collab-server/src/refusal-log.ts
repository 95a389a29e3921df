/**
 * A log of refusals (requests, sockets, frames) that a stranger can cause
 * at will, so bounded: one line per refusal, no stack trace, at most
 * `perWindow` lines a window, and then one summary line counting what was
 * left out, by kind.
 */

/**
 * Options of {@link refusalLog}.
 *
 * @example
 * ```ts
 * const options: RefusalLogOptions = { write: console.warn, perWindow: 20, windowMs: 60_000 };
 * ```
 */
export interface RefusalLogOptions {
  /** Where lines go. */
  readonly write: (line: string) => void;
  /** The most lines a window; default 20. */
  readonly perWindow?: number;
  /** The window, in ms; default one minute. */
  readonly windowMs?: number;
}

/**
 * A bounded refusal log.
 *
 * @example
 * ```ts
 * const log = refusalLog({ write: console.warn });
 * log.refused('socket', 'Closed a WebSocket that queued 1 MiB before authenticating.');
 * ```
 */
export interface RefusalLog {
  /** Logs one refusal of `kind` (a short word, counted in the summary) with its one-line message. */
  refused(kind: string, message: string): void;
  /** Writes the summary of what was left out, if anything was, and stops the window's timer. */
  close(): void;
}

/**
 * Creates a bounded refusal log. A message is cut to its first line, so a
 * stack trace never reaches the log.
 *
 * @example
 * ```ts
 * const log = refusalLog({ write: (line) => process.stderr.write(`${line}\n`), perWindow: 5 });
 * ```
 */
export function refusalLog(options: RefusalLogOptions): RefusalLog {
  const perWindow = options.perWindow ?? 20;
  const windowMs = options.windowMs ?? 60_000;
  let written = 0;
  let left = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;

  const summarize = () => {
    timer = undefined;
    written = 0;
    if (left.size === 0) return;
    const counts = [...left].map(([kind, count]) => `${count} ${kind}`).join(', ');
    const total = [...left.values()].reduce((sum, count) => sum + count, 0);
    left = new Map();
    options.write(`... and ${total} more refusals not logged one by one (${counts}).`);
  };

  return {
    refused(kind, message) {
      if (timer === undefined) {
        timer = setTimeout(summarize, windowMs);
        timer.unref();
      }
      if (written < perWindow) {
        written++;
        options.write(firstLine(message));
        return;
      }
      left.set(kind, (left.get(kind) ?? 0) + 1);
    },
    close() {
      if (timer !== undefined) clearTimeout(timer);
      summarize();
    },
  };
}

function firstLine(message: string): string {
  const line = message.split('\n', 1)[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}
