/**
 * The context every score tool runs against: the score, the host's undo
 * controller, selection, player and exporters, and what the agent's own
 * steps wrote. The tools hold no state of their own; one catalog serves any
 * number of contexts.
 */
import type { Score } from '@scorelane/score-model';
import type { UndoController } from '@scorelane/undo';
import type { ScoreFileHost } from './export-files.ts';
import type { ImportWarning } from './import-warnings.ts';
import type { ScorePlayer } from './player.ts';
import type { ReviewDesk } from './review-desk.ts';
import { revisionCacheOf } from './revision-cache.ts';
import type { SelectionHost } from './selection.ts';
import type { SharedReview } from './shared-review.ts';
import type { StepLedger } from './step-ledger.ts';

/**
 * What an exporter gives: the file's text, or a checked export's result,
 * `{ ok: true, content }` or `{ ok: false, problems }` when it refused to
 * write the score (a score too large to be read again); `export_score`
 * answers a refusal with `limit_exceeded` and each problem's message.
 *
 * @example
 * ```ts
 * const refused: ExportedText = { ok: false, problems: [{ message: 'The score is too large.' }] };
 * ```
 */
export type ExportedText = ExportedContent<string>;

/**
 * What an exporter of bytes gives (`.mxl`): the bytes, or a checked export's
 * result, as {@link ExportedText} is for text.
 *
 * @example
 * ```ts
 * const written: ExportedBytes = { ok: true, content: new Uint8Array([80, 75]) };
 * ```
 */
export type ExportedBytes = ExportedContent<Uint8Array>;

/**
 * An exporter's file content, plain or as a checked export's result.
 *
 * @example
 * ```ts
 * const plain: ExportedContent<string> = '<score-partwise/>';
 * ```
 */
export type ExportedContent<T> =
  | T
  | { readonly ok: true; readonly content: T }
  | { readonly ok: false; readonly problems: readonly { readonly message: string }[] };

/**
 * Exporters the host injects for formats this package does not write itself.
 * `musicxml` is typically `exportMusicXmlWithinLimit` from
 * `@scorelane/musicxml` (which refuses a score whose MusicXML would be too
 * large to import again), or its `exportMusicXml`.
 *
 * @example
 * ```ts
 * import { exportMusicXmlWithinLimit } from '@scorelane/musicxml';
 * const exporters: ScoreExporters = { musicxml: exportMusicXmlWithinLimit };
 * ```
 */
export interface ScoreExporters {
  readonly musicxml?: (score: Score) => ExportedText;
  /**
   * Compressed MusicXML (`exportMxlWithinLimit` or `exportMxl` of
   * `@scorelane/musicxml`), for `export_score` format `mxl`.
   */
  readonly mxl?: (score: Score) => ExportedBytes;
}

/**
 * What a score tool's `run` gets as `context`. Made by `createScoreTools`;
 * an adapter passes it to `createToolPipeline` unchanged. Its `revision()`
 * is what the pipeline's audit records before and after every call.
 *
 * @example
 * ```ts
 * const pipeline = createToolPipeline({ catalog: tools.catalog, context: tools.context });
 * ```
 */
export interface ScoreToolsContext {
  readonly score: Score;
  readonly undo: UndoController<unknown>;
  /** The `actor` of the agent's undo steps. */
  readonly actor: string;
  /** The transaction origin of the agent's writes (tracked by `undo`); `undefined`: the controller's own. */
  readonly origin: unknown;
  readonly selection: SelectionHost;
  readonly player: ScorePlayer | undefined;
  readonly exporters: ScoreExporters;
  /** Where exports are kept as files; undefined: they are answered inline. */
  readonly files: ScoreFileHost | undefined;
  /** The most bytes an export puts inline in a result. */
  readonly maxInlineExportBytes: number;
  readonly ledger: StepLedger;
  /** Set when the host wants writes reviewed by the user before they apply. */
  readonly review: ReviewDesk | undefined;
  /** Set when the document's shared oversight applies: its review mode holds writes as proposals in the document. */
  readonly shared: SharedReview | undefined;
  /** Names a Yjs client id for messages (`"Ada"`); default `"a collaborator (Yjs client N)"`. */
  readonly describeClient: (client: number) => string;
  /** How long `play` and `stop` wait for the player before answering that it did not respond. */
  readonly playerTimeoutMs: number;
  /** What the importer warned about when it read the score; `get_score_info` reports them. */
  readonly importWarnings: readonly ImportWarning[];
  /** The score's revision now. */
  revision(): string;
}

/**
 * A function answering the revision of `score` now, computed once per
 * change of its Y.Doc (see {@link revisionCacheOf}): the pipeline asks for
 * it before and after every call, and the revision only moves when a
 * transaction ends.
 *
 * @example
 * ```ts
 * const revision = revisionReader(score);
 * revision() === revision(); // true, computed once
 * ```
 */
export function revisionReader(score: Score): () => string {
  const revisions = revisionCacheOf(score);
  return () => revisions.current();
}
