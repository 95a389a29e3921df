/**
 * The invocation pipeline every adapter uses: permission, arguments,
 * idempotent replay, run, output check, audit. It knows nothing of what a
 * tool does, and it never throws for anything an agent can cause: every
 * failure comes back as a {@link ToolInvocation} with `ok: false`.
 */
import { argumentProblems, preview } from './argument-problems.ts';
import type { AuditEvent, AuditSink } from './audit.ts';
import { newId } from './call-id.ts';
import { errorResult, successResult, type ToolCallResult } from './call-result.ts';
import { type CatalogTool, listTools, type ToolCatalog } from './catalog.ts';
import {
  createMemoryIdempotencyStore,
  type IdempotencyRecord,
  type IdempotencyStore,
} from './idempotency-store.ts';
import { type ToolManifest, toolManifest } from './manifest.ts';
import { DEFAULT_ROLES, permissionsOf, type RoleTable } from './permissions.ts';
import { stableDigest } from './stable-digest.ts';
import { isToolError, type ToolError, toolError } from './tool-error.ts';

/**
 * How a call ended. Both sides carry `result`, the MCP `CallToolResult` (and
 * WebMCP `execute` return) an adapter sends back unchanged.
 *
 * - `replayed`: the result was recorded by an earlier call with the same
 *   `idempotency_key` (`replay_of`) and returned without running.
 * - `untouched`: the target is known not to have changed, which for a write
 *   tool puts `Nothing was changed.` first in the text.
 *
 * @example
 * ```ts
 * const invocation: ToolInvocation = await pipeline.invoke('add_item', { title: 'Tea' }, { role: 'editor' });
 * if (invocation.ok) invocation.output; else invocation.error.code;
 * ```
 */
export type ToolInvocation =
  | {
      readonly ok: true;
      readonly tool: string;
      readonly call_id: string;
      readonly output: Record<string, unknown>;
      readonly replayed: boolean;
      readonly replay_of?: string;
      readonly revision_before: string | null;
      readonly revision_after: string | null;
      readonly changed: readonly string[];
      readonly result: ToolCallResult;
    }
  | {
      readonly ok: false;
      readonly tool: string;
      readonly call_id: string;
      readonly error: ToolError;
      readonly untouched: boolean;
      /** Set when the failure is the recorded one of an earlier call with the same key. */
      readonly replay_of?: string;
      readonly result: ToolCallResult;
    };

/**
 * Options of {@link createToolPipeline}.
 *
 * The `context` is what tools run against. If it has a `revision()` method
 * (returning an opaque string, or a promise of one), the pipeline reads it
 * before and after each run for the audit, and to tell whether a failed write
 * left the target untouched.
 *
 * @example
 * ```ts
 * const options: ToolPipelineOptions<Editor> = { catalog, context: editor, audit: log.sink };
 * ```
 */
export interface ToolPipelineOptions<Ctx> {
  readonly catalog: ToolCatalog<Ctx>;
  readonly context: Ctx;
  /** Roles and what they grant; default {@link DEFAULT_ROLES}. */
  readonly roles?: RoleTable;
  /** Where replays are recorded; default an in-memory store of 1000 records. */
  readonly idempotency?: IdempotencyStore;
  /** Receives one event per call. */
  readonly audit?: AuditSink;
  /** Makes call ids; default `crypto.randomUUID()`. */
  readonly newCallId?: () => string;
  /** Milliseconds since the epoch; default `Date.now`. Tests pass a fake clock. */
  readonly now?: () => number;
}

/**
 * Per-call options of {@link ToolPipeline.invoke}.
 *
 * @example
 * ```ts
 * const options: InvokeOptions = { role: 'viewer', signal: AbortSignal.timeout(10_000) };
 * ```
 */
export interface InvokeOptions {
  /** The caller's role, chosen by the host. An unknown role throws. */
  readonly role: string;
  /** Use this call id instead of a new one (an adapter that has its own). */
  readonly call_id?: string;
  readonly signal?: AbortSignal;
}

/**
 * A catalog bound to a host context: what an adapter serves.
 *
 * @example
 * ```ts
 * const pipeline: ToolPipeline = createToolPipeline({ catalog, context: editor });
 * ```
 */
export interface ToolPipeline {
  /** The tools `role` may call. */
  list(role: string): readonly CatalogTool<unknown>[];
  /** The manifest for `role`. */
  manifest(role: string): ToolManifest;
  /** Runs one call through the pipeline. Throws only for an unknown role. */
  invoke(name: string, args: unknown, options: InvokeOptions): Promise<ToolInvocation>;
}

interface Attempt {
  readonly error: ToolError;
  readonly untouched: boolean;
  readonly detail?: string;
  readonly revision_before: string | null;
  readonly revision_after: string | null;
}

/**
 * Binds a catalog to a host context. Each call goes through, in order:
 *
 * 1. the tool's name (`not_found`) and the caller's permission
 *    (`permission_denied`), so a tool outside the role reveals nothing,
 *    not even its schema;
 * 2. the arguments (`invalid_arguments`, one problem per bad field);
 * 3. the `idempotency_key`, if any (not for `dry_run: true`): a recorded
 *    result for the same arguments is returned without running; other
 *    arguments are refused. Calls with the same key wait for each other.
 *    Successes are recorded, and so are `internal` failures after which
 *    the target may have changed (a retry is refused, not run twice); a
 *    refusal changed nothing, so it is not recorded;
 * 4. `run`, whose throw becomes `internal` (the agent sees no stack; the
 *    audit `detail` keeps it);
 * 5. the output against the output schema (`internal` if it breaks it);
 * 6. one audit event.
 *
 * @example
 * ```ts
 * const pipeline = createToolPipeline({ catalog, context: editor, audit: log.sink });
 * const invocation = await pipeline.invoke('add_item', { title: 'Tea' }, { role: 'editor' });
 * return invocation.result; // to MCP, or from WebMCP's execute
 * ```
 */
export function createToolPipeline<Ctx>(options: ToolPipelineOptions<Ctx>): ToolPipeline {
  const { catalog, context } = options;
  const roles = options.roles ?? DEFAULT_ROLES;
  const store = options.idempotency ?? createMemoryIdempotencyStore();
  const now = options.now ?? Date.now;
  const newCallId = options.newCallId ?? newId;
  const queues = new Map<string, Promise<unknown>>();

  async function invoke(name: string, rawArgs: unknown, callOptions: InvokeOptions) {
    const role = callOptions.role;
    const granted = permissionsOf(role, roles);
    const call_id = callOptions.call_id ?? newCallId();
    const started = now();
    const tool = catalog.get(name);
    const args = rawArgs === undefined ? {} : rawArgs;
    const digest = digestArguments(args);

    const finish = (
      invocation: ToolInvocation,
      audit: Omit<
        AuditEvent,
        'tool' | 'call_id' | 'role' | 'argument_digest' | 'started_at' | 'duration_ms'
      >,
    ) => {
      options.audit?.({
        tool: name,
        call_id,
        role,
        argument_digest: digest,
        started_at: new Date(started).toISOString(),
        duration_ms: Math.max(0, now() - started),
        ...audit,
      });
      return invocation;
    };
    const refuse = (error: ToolError, attempt: Partial<Attempt> = {}, dry_run = false) => {
      const untouched = attempt.untouched ?? true;
      const write = tool?.permission === 'write';
      return finish(
        {
          ok: false,
          tool: name,
          call_id,
          error,
          untouched,
          result: errorResult(error, write && untouched, write && !untouched),
        },
        {
          status: 'error',
          error_code: error.code,
          dry_run,
          revision_before: attempt.revision_before ?? null,
          revision_after: attempt.revision_after ?? null,
          changed: [],
          ...(attempt.detail === undefined ? {} : { detail: attempt.detail }),
        },
      );
    };

    // A call refused before run changed nothing: before and after are the revision now.
    const refuseBeforeRun = async (error: ToolError) => {
      const current = await readRevision(context)().catch(() => null);
      return refuse(error, { revision_before: current, revision_after: current });
    };

    if (tool === undefined) {
      const available = listTools(catalog, role, roles).map((candidate) => candidate.name);
      return refuseBeforeRun(
        toolError('not_found', `There is no tool named ${preview(name)}.`, [
          {
            message: `Unknown tool ${preview(name)}.`,
            hint: `Tools you can call: ${available.join(', ') || '(none)'}.`,
          },
        ]),
      );
    }
    if (!granted.includes(tool.permission)) {
      return refuseBeforeRun(
        toolError('permission_denied', `The ${role} role may not call ${name}.`, [
          {
            message: `${name} needs the ${tool.permission} permission; ${role} has ${granted.join(', ') || 'none'}.`,
            hint: 'Ask the user for a role that allows it, or use a tool you were given.',
          },
        ]),
      );
    }

    const parsed = tool.input.safeParse(args);
    if (!parsed.success) {
      const problems = argumentProblems(parsed.error.issues, args, tool.input);
      return refuseBeforeRun(
        toolError(
          'invalid_arguments',
          `${problems.length} problem${problems.length === 1 ? '' : 's'} with the arguments of ${name}.`,
          problems,
        ),
      );
    }
    const data = parsed.data as Record<string, unknown>;
    const dry_run = data.dry_run === true;
    const key = typeof data.idempotency_key === 'string' ? data.idempotency_key : undefined;
    // Replays compare what the tool would run with: the parsed arguments (so a
    // default written out and a default left out are the same call), without
    // the key itself and dry_run (never true for a recorded call).
    const recorded = key === undefined || dry_run ? null : digestArguments(withoutDryRun(data));

    const attempt = async (): Promise<ToolInvocation> => {
      const revision = readRevision(context);
      let revision_before: string | null = null;
      let outcome: unknown;
      try {
        revision_before = await revision();
        outcome = await tool.run(data, {
          context,
          call_id,
          role,
          signal: callOptions.signal,
        });
      } catch (thrown) {
        const revision_after = await revision().catch(() => null);
        return refuse(
          toolError('internal', `${name} failed unexpectedly.`, [
            {
              message: 'The tool stopped with an internal error.',
              hint: 'Read the target again before retrying.',
            },
          ]),
          {
            untouched: revision_before !== null && revision_before === revision_after,
            detail: describeThrown(thrown),
            revision_before,
            revision_after,
          },
          dry_run,
        );
      }
      const revision_after = await revision().catch(() => null);
      const known = revision_before !== null && revision_after !== null;
      const unchanged = known && revision_before === revision_after;
      if (!isRunResult(outcome)) {
        return refuse(
          toolError('internal', `${name} returned something that is not a result.`),
          {
            untouched: unchanged,
            detail: 'run must return toolOk(...) or toolFail(...).',
            revision_before,
            revision_after,
          },
          dry_run,
        );
      }
      if (!outcome.ok) {
        if (!isToolError(outcome.error)) {
          return refuse(
            toolError('internal', `${name} failed with an error of unknown shape.`),
            {
              untouched: unchanged,
              detail: `run returned ok: false with error ${safeJson(outcome.error)}`,
              revision_before,
              revision_after,
            },
            dry_run,
          );
        }
        // A refusal the tool returns means the tool wrote nothing. The revision
        // covers the whole context, so it may have moved through someone
        // else's edit meanwhile: staleness and "nothing changed" are the
        // tool's to judge on its range (DESIGN decision 4), never the
        // pipeline's. Only a returned `internal` is treated like a throw.
        const refusal = outcome.error.code !== 'internal';
        return refuse(
          outcome.error,
          { untouched: refusal || (known && unchanged), revision_before, revision_after },
          dry_run,
        );
      }
      const checked = tool.output.safeParse(outcome.output);
      if (!checked.success) {
        const problems = argumentProblems(checked.error.issues, outcome.output, tool.output);
        return refuse(
          toolError('internal', `${name} produced a result that breaks its own output schema.`),
          {
            untouched: unchanged,
            detail: problems
              .map((problem) => `${problem.path ?? '(root)'}: ${problem.message}`)
              .join('\n'),
            revision_before,
            revision_after,
          },
          dry_run,
        );
      }
      const output = checked.data as Record<string, unknown>;
      const changed = [...(outcome.changed ?? [])];
      if (key !== undefined && !dry_run && recorded !== null) {
        await store.set(name, key, { digest: recorded, call_id, output, revision_after, changed });
      }
      return finish(
        {
          ok: true,
          tool: name,
          call_id,
          output,
          replayed: false,
          revision_before,
          revision_after,
          changed,
          result: successResult(output),
        },
        { status: 'ok', dry_run, revision_before, revision_after, changed },
      );
    };

    if (key === undefined || dry_run) return attempt();
    if (recorded === null) {
      return refuseBeforeRun(
        toolError('invalid_arguments', `The arguments of ${name} cannot be recorded for replay.`, [
          {
            path: 'idempotency_key',
            message: 'Arguments that are not plain JSON cannot be replayed.',
            hint: 'Send JSON values only, or leave out idempotency_key.',
          },
        ]),
      );
    }
    const replayOrRun = async (): Promise<ToolInvocation> => {
      const record = await store.get(name, key);
      if (record === undefined) {
        const invocation = await attempt();
        if (!invocation.ok && !invocation.untouched && tool.permission === 'write') {
          // It failed after it may have written: a retry must not write twice.
          await store.set(name, key, {
            digest: recorded,
            call_id,
            output: undefined,
            revision_after: null,
            changed: [],
            error: invocation.error,
          });
        }
        return invocation;
      }
      if (record.digest !== recorded) {
        return refuseBeforeRun(
          toolError(
            'invalid_arguments',
            `This idempotency_key was already used for other arguments of ${name}.`,
            [
              {
                path: 'idempotency_key',
                message: 'Already used with different arguments.',
                hint: 'Use a new idempotency_key for a different call, or repeat the original arguments exactly.',
              },
            ],
          ),
        );
      }
      return replay(record);
    };
    const replay = async (record: IdempotencyRecord): Promise<ToolInvocation> => {
      const current = await readRevision(context)().catch(() => null);
      if (record.error !== undefined) {
        const error = toolError(
          'internal',
          `${name} was not run again: the call with this idempotency_key (${record.call_id}) failed after it may have changed something.`,
          [
            {
              path: 'idempotency_key',
              message: 'Already used by a call that failed part-way.',
              hint: 'Read the target again; if the change is still needed, call again with a new idempotency_key.',
            },
          ],
        );
        return finish(
          {
            ok: false,
            tool: name,
            call_id,
            error,
            untouched: false,
            replay_of: record.call_id,
            result: errorResult(error, false, tool.permission === 'write'),
          },
          {
            status: 'replayed',
            error_code: 'internal',
            replay_of: record.call_id,
            dry_run,
            revision_before: current,
            revision_after: current,
            changed: [],
          },
        );
      }
      return finish(
        {
          ok: true,
          tool: name,
          call_id,
          output: record.output as Record<string, unknown>,
          replayed: true,
          replay_of: record.call_id,
          // A replay changes nothing: the document is where it is now. The
          // recorded output keeps the revision the first call returned.
          revision_before: current,
          revision_after: current,
          changed: record.changed,
          result: successResult(record.output as Record<string, unknown>),
        },
        {
          status: 'replayed',
          replay_of: record.call_id,
          dry_run,
          revision_before: current,
          revision_after: current,
          changed: [],
        },
      );
    };
    return serialize(`${name}\u0000${key}`, replayOrRun);
  }

  /** Runs `work` after every earlier call on the same slot has finished. */
  function serialize<T>(slot: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(slot) ?? Promise.resolve();
    const current = previous.then(work, work);
    const settled = current.then(
      () => undefined,
      () => undefined,
    );
    queues.set(slot, settled);
    void settled.then(() => {
      if (queues.get(slot) === settled) queues.delete(slot);
    });
    return current;
  }

  return {
    list: (role) => listTools(catalog, role, roles) as readonly CatalogTool<unknown>[],
    manifest: (role) => toolManifest(catalog, role, roles),
    invoke,
  };
}

function readRevision(context: unknown): () => Promise<string | null> {
  const source =
    typeof context === 'object' && context !== null
      ? (context as { revision?: unknown }).revision
      : undefined;
  if (typeof source !== 'function') return async () => null;
  return async () => {
    const value: unknown = await source.call(context);
    return typeof value === 'string' ? value : null;
  };
}

function withoutDryRun(data: Record<string, unknown>): Record<string, unknown> {
  const { dry_run: _dryRun, ...rest } = data;
  return rest;
}

function digestArguments(args: unknown): string | null {
  try {
    if (typeof args === 'object' && args !== null && !Array.isArray(args)) {
      const { idempotency_key: _key, ...rest } = args as Record<string, unknown>;
      return stableDigest(rest);
    }
    return stableDigest(args);
  } catch {
    return null;
  }
}

function isRunResult(
  value: unknown,
): value is
  | { ok: true; output: unknown; changed?: readonly string[] }
  | { ok: false; error: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  if (candidate.ok === false) return true;
  return (
    candidate.ok === true &&
    (candidate.changed === undefined ||
      (Array.isArray(candidate.changed) && candidate.changed.every((id) => typeof id === 'string')))
  );
}

function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.stack ?? `${thrown.name}: ${thrown.message}`;
  return `Non-error thrown: ${safeJson(thrown)}`;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
