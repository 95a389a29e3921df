/**
 * `createScoreTools`: the score tool catalog bound to one score, one undo
 * history, the host's selection and player, ready for any adapter.
 */
import type { Score } from '@scorelane/score-model';
import {
  type AccessPolicy,
  type AuditSink,
  type CatalogTool,
  createToolPipeline,
  DEFAULT_ROLES,
  type IdempotencyStore,
  type InvokeOptions,
  type RoleTable,
  roleAllows,
  type ToolCatalog,
  type ToolInvocation,
  type ToolManifest,
  type ToolPipeline,
} from '@scorelane/tool-contracts';
import type { UndoController } from '@scorelane/undo';
import { type ActivityOptions, recordingPipeline, recordingReviews } from './activity-recording.ts';
import { scoreToolCatalog, writeSpecFor } from './catalog.ts';
import { MAX_INLINE_EXPORT_BYTES, type ScoreFileHost } from './export-files.ts';
import { hostCatalog } from './host-catalog.ts';
import type { ImportWarning } from './import-warnings.ts';
import type { ScorePlayer } from './player.ts';
import { createReviewDesk, type ReviewDesk, type ReviewOptions } from './review-desk.ts';
import { createRunAccess, withRunAccess } from './run-access.ts';
import type { ScoreScopeInput } from './score-scope.ts';
import {
  revisionReader,
  type ScoreExporters,
  type ScoreToolsContext,
} from './score-tools-context.ts';
import { createMemorySelection, type SelectionHost } from './selection.ts';
import { createSharedReview, type OversightOptions, type SharedReview } from './shared-review.ts';
import { createStepLedger } from './step-ledger.ts';

/**
 * Options of {@link createScoreTools}.
 *
 * @example
 * ```ts
 * const options: ScoreToolsOptions = { score, undo, role: 'editor', player, onAudit: log.sink };
 * ```
 */
export interface ScoreToolsOptions {
  /** The score (`openScore`, `createScore`, `importMusicXml`, ...). */
  readonly score: Score;
  /** The host's undo controller over the score's Y.Doc; every write is one step of it. */
  readonly undo: UndoController<unknown>;
  /** The caller's role: `viewer` (reads, selection, play, export) or `editor` (all). Default `editor`. */
  readonly role?: string;
  /** Roles and what they grant; default `DEFAULT_ROLES` (viewer: read; editor: read, write). */
  readonly roles?: RoleTable;
  /** The `actor` of the agent's undo steps. Default `'agent'`. */
  readonly actor?: string;
  /** The transaction origin of the agent's writes; it must be tracked by `undo`. Default: the controller's own origin. */
  readonly origin?: unknown;
  /**
   * The host's selection, which a person sees (an editor's, or the agent's
   * presence on a shared document). Without one the tools keep it in memory
   * (get_selection answers your last write's range) and `select_measures` is
   * not listed.
   */
  readonly selection?: SelectionHost;
  /** The host's player for `play` and `stop`; without one they are not listed. */
  readonly player?: ScorePlayer;
  /** How long `play` and `stop` wait for the player; default 5,000 ms. */
  readonly playerTimeoutMs?: number;
  /** Exporters for formats this package does not write (`musicxml`, `mxl`). */
  readonly exporters?: ScoreExporters;
  /**
   * Where `export_score` keeps its files (beside the served score, as a
   * download, as a resource): the answer then links to the file instead of
   * holding it. Without one, exports are answered inline.
   */
  readonly files?: ScoreFileHost;
  /** The most bytes `export_score` puts inline; default `MAX_INLINE_EXPORT_BYTES` (64 KiB). A person's own download may lift it. */
  readonly maxInlineExportBytes?: number;
  /**
   * What the importer warned about when it read the score (each with its
   * measure when known): `get_score_info` gives their count and the first
   * five, so the agent learns what the file held that was changed or left
   * out. Default none.
   */
  readonly importWarnings?: readonly ImportWarning[];
  /** Review mode: writes return a review session awaiting the user instead of applying. */
  readonly review?: boolean | ReviewOptions;
  /** Receives one audit event per call. */
  readonly onAudit?: AuditSink;
  /** Where idempotent replays are recorded; default in memory (1,000 records). */
  readonly idempotency?: IdempotencyStore;
  /** Names a Yjs client id in messages (from the host's awareness, say). */
  readonly describeClient?: (client: number) => string | undefined;
  /**
   * Where writes may go: a measure range and the parts (left out: all).
   * A write whose plan touches anything outside is refused (`out_of_scope`)
   * before it runs; reads are not limited. Change it with `setScope`.
   */
  readonly scope?: ScoreScopeInput;
  /** Tools switched off for the agent: never listed, refused if called. Change with `setDisabledTools`. */
  readonly disabledTools?: readonly string[];
  /**
   * The shared activity log (`openActivityLog(doc)`) and who this instance
   * acts as: every call that changed the score, and every review session
   * accepted through `reviews`, is recorded there. Refusals and reads are not.
   */
  readonly activity?: ActivityOptions;
  /**
   * The document's shared oversight (`openOversightSettings(doc)`,
   * `openProposalStore(doc)`). An agent's instance (`agent`, the default)
   * holds its writes as proposals while the document's review mode is on,
   * and writes only inside the document's agent scope (which wins over
   * `scope`); a person's instance (`agent: false`) writes at once and
   * decides proposals through `proposals`. Who proposes or accepts is
   * `activity.by`.
   */
  readonly oversight?: OversightOptions;
}

/**
 * The catalog bound to a score. `invoke` runs a call as `role`; an adapter
 * serves `manifest()` and forwards calls to `invoke`, returning
 * `invocation.result` (the MCP `CallToolResult`) unchanged.
 *
 * @example
 * ```ts
 * const tools: ScoreTools = createScoreTools({ score, undo });
 * const read = await tools.invoke('read_measures', { start_measure: 1, end_measure: 4 });
 * ```
 */
export interface ScoreTools {
  /** The score tools this host can run: all of them, less `play` and `stop` without a player and `select_measures` without a selection. */
  readonly catalog: ToolCatalog<ScoreToolsContext>;
  /** The context the tools run against; pass it with `catalog` to your own `createToolPipeline`. */
  readonly context: ScoreToolsContext;
  /**
   * The pipeline over `catalog` and `context`, with `onAudit` and the
   * idempotency store, for an adapter (MCP, WebMCP) to serve. Every call and
   * listing gets the current scope and switched-off tools, whatever role it
   * names (a scope or toggles given per call win).
   */
  readonly pipeline: ToolPipeline;
  /** The role `invoke`, `list` and `manifest` use when none is given. */
  readonly role: string;
  /** Review sessions, when review mode is on. */
  readonly reviews: ReviewDesk | undefined;
  /** The document's proposals, when `oversight` was given: list, accept, reject. */
  readonly proposals: SharedReview | undefined;
  /**
   * Runs one call under the current access: `options.role` defaults to
   * {@link ScoreTools.role}, the scope and switched-off tools to those set
   * (an option given here wins).
   */
  invoke(name: string, args: unknown, options?: Partial<InvokeOptions>): Promise<ToolInvocation>;
  /** The tools `role` may call, less those switched off. */
  list(role?: string): readonly CatalogTool<unknown>[];
  /** The manifest (names, descriptions, JSON Schemas, annotations) for `role`, with the scope. */
  manifest(role?: string): ToolManifest;
  /** The access `invoke`, `list` and `manifest` use for `role` now: role, switched-off tools, scope. */
  access(role?: string): AccessPolicy;
  /**
   * Sets where writes may go from the next call on (`null`: the whole
   * score), as a person's selection changes; an adapter then lists the
   * manifest again (a WebMCP host re-registers the tools). Throws a
   * `RangeError` for a malformed scope.
   */
  setScope(scope: ScoreScopeInput | null): void;
  /** Switches tools off (and every other one back on) from the next call on. */
  setDisabledTools(names: readonly string[]): void;
}

/**
 * Binds the score tool catalog to a score and its undo history.
 *
 * @throws RangeError when `role` is not in the role table; TypeError when
 *   `origin` is not tracked by `undo` (host bugs).
 * @example
 * ```ts
 * const doc = new Y.Doc();
 * const score = createScore(doc, init);
 * const undo = createUndoController(doc);
 * const tools = createScoreTools({ score, undo, role: 'editor' });
 * await tools.invoke('rewrite_measures', { start_measure: 1, parts: [1], lanes_seq: 'P1 s1 v1 m1: C4=1\n' });
 * ```
 */
export function createScoreTools(options: ScoreToolsOptions): ScoreTools {
  const roles = options.roles ?? DEFAULT_ROLES;
  const role = options.role ?? 'editor';
  if (!(role in roles)) {
    throw new RangeError(
      `Unknown role ${JSON.stringify(role)}; roles: ${Object.keys(roles).join(', ')}.`,
    );
  }
  if (options.origin !== undefined && !isTracked(options.undo, options.origin)) {
    throw new TypeError(
      "The origin given to createScoreTools is not tracked by the undo controller: add it to trackedOrigins, or leave origin out to use the controller's own.",
    );
  }
  const catalog = hostCatalog(scoreToolCatalog(), {
    player: options.player !== undefined,
    selection: options.selection !== undefined,
  });
  const describe = options.describeClient;
  let context: ScoreToolsContext;
  const desk =
    options.review === undefined || options.review === false
      ? undefined
      : createReviewDesk(
          () => context,
          writeSpecFor,
          options.review === true ? {} : options.review,
        );
  const reviews =
    desk === undefined || options.activity === undefined
      ? desk
      : recordingReviews(desk, options.activity);
  const oversight = options.oversight;
  const shared =
    oversight === undefined
      ? undefined
      : createSharedReview(() => context, oversight, writeSpecFor, {
          canDecide: roleAllows(role, 'write', roles),
          activity: options.activity,
        });
  context = {
    score: options.score,
    undo: options.undo,
    actor: options.actor ?? 'agent',
    origin: options.origin,
    selection: options.selection ?? createMemorySelection(),
    player: options.player,
    exporters: options.exporters ?? {},
    files: options.files,
    maxInlineExportBytes: options.maxInlineExportBytes ?? MAX_INLINE_EXPORT_BYTES,
    ledger: createStepLedger(options.score.doc),
    review: reviews,
    shared,
    describeClient: (client) => describe?.(client) ?? `a collaborator (Yjs client ${client})`,
    playerTimeoutMs: options.playerTimeoutMs ?? 5000,
    importWarnings: options.importWarnings ?? [],
    revision: revisionReader(options.score),
  };
  // Names are checked against every score tool: switching off one the host cannot run is no typo.
  const runAccess = createRunAccess(scoreToolCatalog(), {
    ...(oversight !== undefined && oversight.agent !== false
      ? { shared: () => oversight.settings.writeScope() }
      : {}),
    ...(options.scope === undefined ? {} : { scope: options.scope }),
    ...(options.disabledTools === undefined ? {} : { disabledTools: options.disabledTools }),
  });
  const unscoped = createToolPipeline({
    catalog,
    context,
    roles,
    ...(options.onAudit ? { audit: options.onAudit } : {}),
    ...(options.idempotency ? { idempotency: options.idempotency } : {}),
  });
  const scoped = withRunAccess(unscoped, runAccess);
  const pipeline = options.activity ? recordingPipeline(scoped, options.activity) : scoped;
  return {
    catalog,
    context,
    pipeline,
    role,
    reviews,
    proposals: shared,
    invoke: (name, args, invokeOptions = {}) =>
      pipeline.invoke(name, args, { ...invokeOptions, role: invokeOptions.role ?? role }),
    list: (asRole = role) => pipeline.list(asRole),
    manifest: (asRole = role) => pipeline.manifest(asRole),
    access: (asRole = role) => runAccess.policy(asRole),
    setScope: runAccess.setScope,
    setDisabledTools: runAccess.setDisabledTools,
  };
}

/** Whether `undo` records transactions of `origin` (Yjs also matches an origin by its class). */
function isTracked(undo: UndoController<unknown>, origin: unknown): boolean {
  const tracked = undo.undoManager.trackedOrigins;
  return (
    origin === undo.origin ||
    tracked.has(origin) ||
    (typeof origin === 'object' && origin !== null && tracked.has(origin.constructor))
  );
}
