/**
 * The invocation pipeline every adapter uses: permission, arguments,
 * idempotent replay, run, output check, audit. It knows nothing of what a
 * tool does, and it never throws for anything an agent can cause: every
 * failure comes back as a {@link ToolInvocation} with `ok: false`.
 */
import type * as z from 'zod';
import {
  type Access,
  type AccessPolicy,
  accessRefusal,
  listTools,
  resolveAccess,
} from './access.ts';
import { argumentProblems } from './argument-problems.ts';
import type { AuditSink } from './audit.ts';
import { newId } from './call-id.ts';
import {
  type AuditedCall,
  type FailureCause,
  isUntouched,
  type Outcome,
  type Revisions,
  type ToolInvocation,
  toAuditEvent,
  toInvocation,
} from './call-outcome.ts';
import type { CatalogTool, ToolCatalog } from './catalog.ts';
import type { ToolRunCall } from './define-tool.ts';
import {
  createMemoryIdempotencyStore,
  type IdempotencyRecord,
  type IdempotencyStore,
} from './idempotency-store.ts';
import { serialize } from './key-queue.ts';
import { type ToolManifest, toolManifest } from './manifest.ts';
import { DEFAULT_ROLES, type RoleTable } from './permissions.ts';
import { currentRevision, isPromise, revisionReader } from './revision-reader.ts';
import { stableDigest } from './stable-digest.ts';
import { describeThrown } from './thrown-detail.ts';
import { isToolError, type ToolError, toolError } from './tool-error.ts';
import { describeScope, scopeRefusal } from './write-scope.ts';

export type { ToolInvocation } from './call-outcome.ts';

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
  /**
   * Receives one event per call. A sink that throws is ignored: it never
   * changes the call's outcome (a write has happened by then).
   */
  readonly audit?: AuditSink;
  /** Makes call ids; default `crypto.randomUUID()`. */
  readonly newCallId?: () => string;
  /** Milliseconds since the epoch; default `Date.now`. Tests pass a fake clock. */
  readonly now?: () => number;
}

/**
 * Per-call options of {@link ToolPipeline.invoke}: the caller's access
 * (role, tools switched off, write scope) and the call's own id and signal.
 *
 * @example
 * ```ts
 * const options: InvokeOptions = { role: 'viewer', signal: AbortSignal.timeout(10_000) };
 * ```
 */
export interface InvokeOptions extends AccessPolicy {
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
  /** The tools a caller (a role, or a role with toggles and a scope) may call. */
  list(policy: string | AccessPolicy): readonly CatalogTool<unknown>[];
  /** The manifest for a caller; under a scope it carries the scope. */
  manifest(policy: string | AccessPolicy): ToolManifest;
  /** Runs one call through the pipeline. Throws only for an unknown role or bad `disabledTools`. */
  invoke(name: string, args: unknown, options: InvokeOptions): Promise<ToolInvocation>;
}

/**
 * Binds a catalog to a host context. Each call goes through, in order:
 *
 * 1. the tool's name (`not_found`) and the caller's access
 *    (`permission_denied`: outside the role, or switched off by the host),
 *    so a tool the caller may not call reveals nothing, not even its schema;
 * 2. the arguments (`invalid_arguments`, one problem per bad field);
 * 3. the `idempotency_key`, if any (not for `dry_run: true`): a recorded
 *    result for the same arguments is returned without running; other
 *    arguments are refused. Calls with the same key wait for each other.
 *    Successes are recorded, and so are `internal` failures after which
 *    the target may have changed (a retry is refused, not run twice); a
 *    refusal changed nothing, so it is not recorded;
 * 4. under a write scope, for a write tool (dry runs included): its
 *    `targets`, refused as `out_of_scope` before `run` if any is outside
 *    the scope (a write tool without `targets` is refused under any scope);
 *    reads are not limited;
 * 5. `run`, whose throw becomes `internal` (the agent sees no stack; the
 *    audit `detail` keeps it);
 * 6. the output against the output schema (`internal` if it breaks it);
 * 7. one audit event, with the scope if any (a sink that throws changes nothing).
 *
 * Arguments nested however deep get a bounded problem, never a rejection.
 *
 * @example
 * ```ts
 * const pipeline = createToolPipeline({ catalog, context: editor, audit: log.sink });
 * const invocation = await pipeline.invoke('add_item', { title: 'Tea' }, { role: 'editor' });
 * return invocation.result; // to MCP, or from WebMCP's execute
 * ```
 */
export function createToolPipeline<Ctx>(options: ToolPipelineOptions<Ctx>): ToolPipeline {
  const pipeline: Pipeline<Ctx> = {
    catalog: options.catalog,
    context: options.context,
    roles: options.roles ?? DEFAULT_ROLES,
    store: options.idempotency ?? createMemoryIdempotencyStore(),
    audit: options.audit,
    now: options.now ?? Date.now,
    newCallId: options.newCallId ?? newId,
    queues: new Map(),
  };
  return {
    list: (policy) =>
      listTools(pipeline.catalog, policy, pipeline.roles) as readonly CatalogTool<unknown>[],
    manifest: (policy) => toolManifest(pipeline.catalog, policy, pipeline.roles),
    invoke: (name, args, callOptions) => invoke(pipeline, name, args, callOptions),
  };
}

/** A pipeline's settled options. */
interface Pipeline<Ctx> {
  readonly catalog: ToolCatalog<Ctx>;
  readonly context: Ctx;
  readonly roles: RoleTable;
  readonly store: IdempotencyStore;
  readonly audit: AuditSink | undefined;
  readonly now: () => number;
  readonly newCallId: () => string;
  /** Calls waiting for an earlier call with the same idempotency key. */
  readonly queues: Map<string, Promise<unknown>>;
}

/** One call on its way through the pipeline. */
interface Call {
  readonly name: string;
  readonly access: Access;
  readonly call_id: string;
  readonly started: number;
  readonly args: unknown;
  readonly signal: AbortSignal | undefined;
}

/** Arguments that passed the input schema, and what idempotency makes of them. */
interface Parsed {
  readonly data: Record<string, unknown>;
  readonly dry_run: boolean;
  readonly key: string | undefined;
  /**
   * What a replay compares: the parsed arguments (so a default written out
   * and a default left out are the same call) without the key and dry_run;
   * `null` when they cannot be digested or there is nothing to replay (no
   * key, or a dry run).
   */
  readonly replayDigest: string | null;
}

type Tool<Ctx> = CatalogTool<Ctx>;

/** One call, in named steps: access, arguments, replay or run (with its result), audit. */
async function invoke<Ctx>(
  pipeline: Pipeline<Ctx>,
  name: string,
  rawArgs: unknown,
  options: InvokeOptions,
): Promise<ToolInvocation> {
  const call = beginCall(pipeline, name, rawArgs, options);
  const tool = pipeline.catalog.get(name);
  const outcome = await decide(pipeline, call, tool);
  sendToAudit(pipeline, call, outcome);
  return toInvocation(
    { name, call_id: call.call_id, write: tool?.permission === 'write' },
    outcome,
  );
}

function beginCall<Ctx>(
  pipeline: Pipeline<Ctx>,
  name: string,
  rawArgs: unknown,
  options: InvokeOptions,
): Call {
  const args = rawArgs === undefined ? {} : rawArgs;
  return {
    name,
    // Throws for a role the host never defined: that is the host's bug.
    access: resolveAccess(options, pipeline.roles),
    call_id: options.call_id ?? pipeline.newCallId(),
    started: pipeline.now(),
    args,
    signal: options.signal,
  };
}

// decide and replayOrRun hand on the promise of the step they choose instead of being async
// themselves: an async function that returns a promise adds turns for every call to wait.
function decide<Ctx>(
  pipeline: Pipeline<Ctx>,
  call: Call,
  tool: Tool<Ctx> | undefined,
): Promise<Outcome> {
  const access = checkAccess(pipeline, call, tool);
  if (!access.ok) return refuseBeforeRun(pipeline, access.error);
  const parsed = parseArguments(call, access.tool);
  if (!parsed.ok) return refuseBeforeRun(pipeline, parsed.error);
  return replayOrRun(pipeline, call, access.tool, parsed.value);
}

type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ToolError };

// --- access ------------------------------------------------------------------

/**
 * The tool's name and the caller's access, before the arguments are looked
 * at: a tool the caller may not call reveals nothing, not even its schema.
 */
function checkAccess<Ctx>(
  pipeline: Pipeline<Ctx>,
  call: Call,
  tool: Tool<Ctx> | undefined,
):
  | { readonly ok: true; readonly tool: Tool<Ctx> }
  | { readonly ok: false; readonly error: ToolError } {
  const refused = accessRefusal(pipeline.catalog, call.access, call.name);
  if (refused !== undefined || tool === undefined) {
    return {
      ok: false,
      error: refused ?? toolError('not_found', `There is no tool ${call.name}.`),
    };
  }
  return { ok: true, tool };
}

/**
 * Under a write scope, what a write tool would touch, each inside the scope
 * (reads are not limited); `undefined` when the write may run. Called right
 * before `run`, in the same turn, so nothing changes the target in between.
 */
function checkScope<Ctx>(
  call: Call,
  tool: Tool<Ctx>,
  parsed: Parsed,
  runCall: ToolRunCall<Ctx>,
): ToolError | undefined {
  const scope = call.access.scope;
  if (scope === undefined || tool.permission !== 'write') return undefined;
  if (tool.targets === undefined) {
    return toolError(
      'out_of_scope',
      `${call.name} cannot say what it would write, so it may not run under your scope (${scope.label}).`,
      [
        {
          message: `${call.name} declares no targets.`,
          hint: 'Ask the user to lift the scope for this tool.',
        },
      ],
    );
  }
  return scopeRefusal(scope, call.name, tool.targets(parsed.data, runCall));
}

// --- arguments ---------------------------------------------------------------

/** The arguments against the input schema: one problem per bad field, however deep. */
function parseArguments<Ctx>(call: Call, tool: Tool<Ctx>): Checked<Parsed> {
  const parsed = checkAgainst(tool.input, call.args);
  if (parsed === 'too-deep') {
    return {
      ok: false,
      error: toolError(
        'invalid_arguments',
        `The arguments of ${call.name} are nested too deeply.`,
        [
          {
            message: 'The arguments are nested too deeply to be checked.',
            hint: 'Send the structure the input schema describes.',
          },
        ],
      ),
    };
  }
  if (!parsed.success) {
    const problems = argumentProblems(parsed.error.issues, call.args, tool.input);
    const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
    return {
      ok: false,
      error: toolError(
        'invalid_arguments',
        `${count} with the arguments of ${call.name}.`,
        problems,
      ),
    };
  }
  const data = parsed.data as Record<string, unknown>;
  const dry_run = data.dry_run === true;
  const key = typeof data.idempotency_key === 'string' ? data.idempotency_key : undefined;
  const replayDigest = key === undefined || dry_run ? null : digestArguments(withoutDryRun(data));
  return { ok: true, value: { data, dry_run, key, replayDigest } };
}

/** `schema.safeParse(value)`, or `'too-deep'` where zod's own recursion overflows the stack. */
function checkAgainst(
  schema: z.ZodType,
  value: unknown,
): ReturnType<z.ZodType['safeParse']> | 'too-deep' {
  try {
    return schema.safeParse(value);
  } catch (thrown) {
    if (thrown instanceof RangeError) return 'too-deep';
    throw thrown;
  }
}

// --- replay or run -----------------------------------------------------------

/** The longest idempotency_key a call may give, as `writeFields` lists it. */
const MAX_IDEMPOTENCY_KEY = 200;

/**
 * A keyed call (not a dry run) is replayed when recorded with the same
 * arguments, refused when recorded with others, and run and recorded
 * otherwise; calls with the same key wait for each other. Anything else runs.
 */
function replayOrRun<Ctx>(
  pipeline: Pipeline<Ctx>,
  call: Call,
  tool: Tool<Ctx>,
  parsed: Parsed,
): Promise<Outcome> {
  const { key, replayDigest } = parsed;
  if (key === undefined || parsed.dry_run) return run(pipeline, call, tool, parsed);
  // Checked here, not only by a schema: a tool may list its key without lengths.
  if (key.length < 1 || key.length > MAX_IDEMPOTENCY_KEY) {
    return refuseBeforeRun(
      pipeline,
      toolError('invalid_arguments', `The idempotency_key of ${call.name} cannot be used.`, [
        {
          path: 'idempotency_key',
          message: `An idempotency_key is 1 to ${MAX_IDEMPOTENCY_KEY} characters; this one has ${key.length}.`,
          hint: 'Send a shorter key, such as a UUID, or leave out idempotency_key.',
        },
      ]),
    );
  }
  if (replayDigest === null) {
    return refuseBeforeRun(
      pipeline,
      toolError(
        'invalid_arguments',
        `The arguments of ${call.name} cannot be recorded for replay.`,
        [
          {
            path: 'idempotency_key',
            message: 'Arguments that are not plain JSON cannot be replayed.',
            hint: 'Send JSON values only, or leave out idempotency_key.',
          },
        ],
      ),
    );
  }
  return serialize(pipeline.queues, `${call.name}\u0000${key}`, async () => {
    const record = await pipeline.store.get(call.name, key);
    if (record === undefined) return runAndRecord(pipeline, call, tool, parsed, key, replayDigest);
    if (record.digest === replayDigest) return replay(pipeline, call, record);
    return refuseBeforeRun(
      pipeline,
      toolError(
        'invalid_arguments',
        `This idempotency_key was already used for other arguments of ${call.name}.`,
        [
          {
            path: 'idempotency_key',
            message: 'Already used with different arguments.',
            hint: 'Use a new idempotency_key for a different call, or repeat the original arguments exactly.',
          },
        ],
      ),
    );
  });
}

/**
 * Runs a keyed call and records it: a success for replay, and a write that
 * broke after it may have written, so that a retry is refused instead of
 * writing twice. A refusal changed nothing, so it is not recorded.
 */
async function runAndRecord<Ctx>(
  pipeline: Pipeline<Ctx>,
  call: Call,
  tool: Tool<Ctx>,
  parsed: Parsed,
  key: string,
  digest: string,
): Promise<Outcome> {
  const outcome = await run(pipeline, call, tool, parsed);
  if (outcome.ok) {
    await pipeline.store.set(call.name, key, {
      digest,
      call_id: call.call_id,
      output: outcome.output,
      revision_after: outcome.revisions.after,
      changed: [...outcome.changed],
    });
  } else if (tool.permission === 'write' && !isUntouched(outcome.cause, outcome.revisions)) {
    await pipeline.store.set(call.name, key, {
      digest,
      call_id: call.call_id,
      output: undefined,
      revision_after: null,
      changed: [],
      error: outcome.error,
    });
  }
  return outcome;
}

/** A recorded call, returned without running. A replay changes nothing: the target is where it is now. */
async function replay<Ctx>(
  pipeline: Pipeline<Ctx>,
  call: Call,
  record: IdempotencyRecord,
): Promise<Outcome> {
  const current = await currentRevision(pipeline.context);
  const revisions = { before: current, after: current };
  if (record.error === undefined) {
    return {
      ok: true,
      // The recorded output keeps the revision the first call returned.
      output: record.output as Record<string, unknown>,
      changed: record.changed,
      revisions,
      dry_run: false,
      replay_of: record.call_id,
    };
  }
  return {
    ok: false,
    error: toolError(
      'internal',
      `${call.name} was not run again: the call with this idempotency_key (${record.call_id}) failed after it may have changed something.`,
      [
        {
          path: 'idempotency_key',
          message: 'Already used by a call that failed part-way.',
          hint: 'Read the target again; if the change is still needed, call again with a new idempotency_key.',
        },
      ],
    ),
    cause: 'broke-before',
    revisions,
    dry_run: false,
    replay_of: record.call_id,
  };
}

/** Runs the tool between two readings of the revision; a throw becomes `internal`. */
async function run<Ctx>(
  pipeline: Pipeline<Ctx>,
  call: Call,
  tool: Tool<Ctx>,
  parsed: Parsed,
): Promise<Outcome> {
  const readRevision = revisionReader(pipeline.context);
  const runCall: ToolRunCall<Ctx> = {
    context: pipeline.context,
    call_id: call.call_id,
    role: call.access.role,
    signal: call.signal,
    scope: call.access.scope,
  };
  let before: string | null = null;
  let returned: unknown;
  try {
    // Waited for only when the host answers later: a promise costs a turn.
    const beforeRead = readRevision();
    before = isPromise(beforeRead) ? await beforeRead : beforeRead;
    const outside = checkScope(call, tool, parsed, runCall);
    if (outside !== undefined) {
      return {
        ok: false,
        error: outside,
        cause: 'not-run',
        revisions: { before, after: before },
        dry_run: parsed.dry_run,
      };
    }
    const ran = tool.run(parsed.data, runCall);
    returned = isPromise(ran) ? await ran : ran;
  } catch (thrown) {
    const after = await currentRevision(pipeline.context);
    return broke(
      toolError('internal', `${call.name} failed unexpectedly.`, [
        {
          message: 'The tool stopped with an internal error.',
          hint: 'Read the target again before retrying.',
        },
      ]),
      { before, after },
      parsed.dry_run,
      describeThrown(thrown),
    );
  }
  const afterRead = currentRevision(pipeline.context);
  const after = isPromise(afterRead) ? await afterRead : afterRead;
  return resultOf(call, tool, returned, { before, after }, parsed.dry_run);
}

// --- result ------------------------------------------------------------------

/** What the tool returned, checked: a result, a known error, an output its schema accepts. */
function resultOf<Ctx>(
  call: Call,
  tool: Tool<Ctx>,
  returned: unknown,
  revisions: Revisions,
  dry_run: boolean,
): Outcome {
  if (!isRunResult(returned)) {
    return broke(
      toolError('internal', `${call.name} returned something that is not a result.`),
      revisions,
      dry_run,
      'run must return toolOk(...) or toolFail(...).',
    );
  }
  if (!returned.ok) {
    if (!isToolError(returned.error)) {
      return broke(
        toolError('internal', `${call.name} failed with an error of unknown shape.`),
        revisions,
        dry_run,
        `run returned ok: false with error ${safeJson(returned.error)}`,
      );
    }
    // A refusal the tool returns wrote nothing (see isUntouched); only a
    // returned `internal` is treated like a throw.
    const cause: FailureCause = returned.error.code === 'internal' ? 'broke' : 'refused-by-tool';
    return { ok: false, error: returned.error, cause, revisions, dry_run };
  }
  const checked = checkAgainst(tool.output, returned.output);
  if (checked === 'too-deep' || !checked.success) {
    const detail =
      checked === 'too-deep'
        ? 'The output is nested too deeply to be checked.'
        : argumentProblems(checked.error.issues, returned.output, tool.output)
            .map((problem) => `${problem.path ?? '(root)'}: ${problem.message}`)
            .join('\n');
    return broke(
      toolError('internal', `${call.name} produced a result that breaks its own output schema.`),
      revisions,
      dry_run,
      detail,
    );
  }
  return {
    ok: true,
    output: checked.data as Record<string, unknown>,
    changed: [...(returned.changed ?? [])],
    revisions,
    dry_run,
  };
}

function broke(error: ToolError, revisions: Revisions, dry_run: boolean, detail: string): Outcome {
  return { ok: false, error, cause: 'broke', revisions, dry_run, detail };
}

/** A call refused before the tool ran: before and after are the revision now. */
async function refuseBeforeRun<Ctx>(pipeline: Pipeline<Ctx>, error: ToolError): Promise<Outcome> {
  const current = await currentRevision(pipeline.context);
  return {
    ok: false,
    error,
    cause: 'not-run',
    revisions: { before: current, after: current },
    dry_run: false,
  };
}

// --- audit -------------------------------------------------------------------

/** One audit event per call. The sink is the host's: if it throws, the outcome stands. */
function sendToAudit<Ctx>(pipeline: Pipeline<Ctx>, call: Call, outcome: Outcome): void {
  if (pipeline.audit === undefined) return;
  const audited: AuditedCall = {
    tool: call.name,
    call_id: call.call_id,
    role: call.access.role,
    scope: call.access.scope === undefined ? undefined : describeScope(call.access.scope),
    // Digested only for an audit sink: hashing every call's arguments costs a few percent of it.
    argument_digest: digestArguments(call.args),
    started_at: new Date(call.started).toISOString(),
    duration_ms: Math.max(0, pipeline.now() - call.started),
  };
  try {
    pipeline.audit(toAuditEvent(audited, outcome));
  } catch {
    // The call has happened, a write included: a failing sink must not turn
    // it into a rejection that invites a retry.
  }
}

// --- helpers -----------------------------------------------------------------

function withoutDryRun(data: Record<string, unknown>): Record<string, unknown> {
  const { dry_run: _dryRun, ...rest } = data;
  return rest;
}

function digestArguments(args: unknown): string | null {
  try {
    if (typeof args === 'object' && args !== null && !Array.isArray(args)) {
      // Copied without the key only when there is one (most calls have none)
      // or the arguments are no plain object (the copy is one).
      const prototype = Object.getPrototypeOf(args);
      const plain = prototype === Object.prototype || prototype === null;
      if (plain && !Object.hasOwn(args, 'idempotency_key')) return stableDigest(args);
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

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
