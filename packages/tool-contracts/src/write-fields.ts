/**
 * The argument fields the invocation pipeline itself understands, ready to
 * spread into a write tool's input shape so every write tool spells them the
 * same way.
 */
import * as z from 'zod';

/**
 * `revision?`, `dry_run?` and `idempotency_key?` as zod fields with
 * agent-facing descriptions.
 *
 * - `revision`: an opaque string the host returned from a read; the tool
 *   refuses the write as `stale_revision` when what it replaces changed since.
 *   The pipeline passes it through; judging staleness is the tool's job,
 *   because only the tool knows what range it touches.
 * - `dry_run`: plan and report without writing. Dry runs are never recorded
 *   for idempotent replay.
 * - `idempotency_key`: the same key with the same arguments returns the
 *   recorded result without running again; with other arguments it is refused.
 *
 * @example
 * ```ts
 * const input = z.object({ title: z.string(), ...writeFields });
 * ```
 */
export const writeFields = {
  revision: z.string().min(1).optional().describe('The revision your last read returned.'),
  dry_run: z.boolean().optional().describe('true: only describe the change.'),
  idempotency_key: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('A repeated call with this key applies once.'),
};
