/**
 * A score's oversight settings, shared on its Y.Doc: whether agents' writes
 * wait for review, and where agents may write, under a root type of their
 * own (`scorelane.oversight`, a `Y.Map`). Every peer of the document (each
 * person's page, the agents in their browsers, the agents on the
 * collaboration server) reads the same settings, so they hold for every
 * agent, wherever it calls from. They are written with
 * {@link OVERSIGHT_ORIGIN}, which no undo controller tracks: undoing a
 * score edit never flips them. A server that admits viewers read-only (as
 * the collaboration server does) refuses a viewer's change of them like any
 * other write. Values a peer wrote that are no settings read as the
 * defaults (review off, the whole score), except a malformed range, which
 * admits nothing.
 */
import type { WriteScope } from '@scorelane/tool-contracts';
import type * as Y from 'yjs';
import { type ScoreScopeInput, scoreScope } from './score-scope.ts';

/** The name of the settings' root type on the score's Y.Doc. */
export const OVERSIGHT_ROOT = 'scorelane.oversight';

/**
 * The transaction origin of every write to the settings and to the
 * proposals. Leave it out of an undo controller's `trackedOrigins`.
 */
export const OVERSIGHT_ORIGIN: object = Object.freeze({ name: 'scorelane.oversight' });

/**
 * Where agents may write: the whole score, a measure range (and parts), or
 * nothing (a person chose "my selection" with nothing selected).
 *
 * @example
 * ```ts
 * const scope: AgentScope = { kind: 'range', measures: { start: 5, end: 8 }, parts: [1] };
 * ```
 */
export type AgentScope =
  | { readonly kind: 'score' }
  | ({ readonly kind: 'range' } & ScoreScopeInput)
  | { readonly kind: 'nothing' };

/**
 * Who set a setting: a display name and the Yjs client id of their document.
 *
 * @example
 * ```ts
 * const by: SettingAuthor = { name: 'Ada', client: doc.clientID };
 * ```
 */
export interface SettingAuthor {
  readonly name: string | null;
  readonly client: number;
}

/**
 * The settings of one Y.Doc.
 *
 * @example
 * ```ts
 * const settings = openOversightSettings(doc);
 * settings.setReviewMode(true, 'Ada');
 * settings.reviewMode(); // true, on every peer once synced
 * ```
 */
export interface OversightSettings {
  readonly doc: Y.Doc;
  /** Whether agents' writes wait for a person's review. Default false. */
  reviewMode(): boolean;
  /** Where agents may write. Default the whole score. */
  agentScope(): AgentScope;
  /** Who last set the agents' scope, when anyone has. */
  scopeSetBy(): SettingAuthor | null;
  /** Who last set review mode, when anyone has. */
  reviewSetBy(): SettingAuthor | null;
  /** Sets review mode (one transaction with {@link OVERSIGHT_ORIGIN}). */
  setReviewMode(on: boolean, by?: string | null): void;
  /**
   * Sets the agents' scope. Throws a `RangeError` for a malformed range
   * (a host bug). Setting the scope it already has, as its setter, writes nothing.
   */
  setAgentScope(scope: AgentScope, by?: string | null): void;
  /** The scope as the pipeline checks it: `undefined` for the whole score. */
  writeScope(): WriteScope | undefined;
  /** Calls `listener` after every change of the settings, local or remote; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * The write scope that contains nothing: under it every write is refused
 * `out_of_scope`.
 *
 * @example
 * ```ts
 * NOTHING_SCOPE.contains({ kind: 'unit', measure: 1, part: 1, reason: 'rewrite' }); // false
 * ```
 */
export const NOTHING_SCOPE: WriteScope = Object.freeze({
  label: 'no measures (a person chose their selection and has none)',
  data: { measures: null },
  contains: () => false,
  describe: (target: unknown) => scoreScope({ measures: { start: 1, end: 1 } }).describe(target),
});

/**
 * Opens the oversight settings of `doc` (creating the root type on first use).
 *
 * @example
 * ```ts
 * const settings = openOversightSettings(score.doc);
 * settings.setAgentScope({ kind: 'range', measures: { start: 1, end: 4 } }, 'Ada');
 * settings.writeScope()?.label; // 'measures 1-4, all parts'
 * ```
 */
export function openOversightSettings(doc: Y.Doc): OversightSettings {
  const map = doc.getMap<unknown>(OVERSIGHT_ROOT);
  const author = (key: string): SettingAuthor | null => readAuthor(map.get(key));
  const write = (key: string, value: unknown, by: string | null | undefined) => {
    doc.transact(() => {
      map.set(key, value);
      map.set(`${key}_set_by`, { name: by ?? null, client: doc.clientID });
    }, OVERSIGHT_ORIGIN);
  };
  const agentScope = (): AgentScope => readAgentScope(map.get('scope'));
  return {
    doc,
    reviewMode: () => map.get('review') === true,
    agentScope,
    scopeSetBy: () => author('scope_set_by'),
    reviewSetBy: () => author('review_set_by'),
    setReviewMode(on, by) {
      if (typeof on !== 'boolean') throw new TypeError('setReviewMode takes true or false.');
      if (map.get('review') === on && map.has('review_set_by')) return;
      write('review', on, by);
    },
    setAgentScope(scope, by) {
      const stored = storedScope(scope);
      const same = JSON.stringify(map.get('scope')) === JSON.stringify(stored);
      if (same && readAuthor(map.get('scope_set_by'))?.client === doc.clientID) return;
      write('scope', stored, by);
    },
    writeScope() {
      const scope = agentScope();
      if (scope.kind === 'score') return undefined;
      if (scope.kind === 'nothing') return NOTHING_SCOPE;
      return scoreScope(scope);
    },
    subscribe(listener) {
      const observer = () => listener();
      map.observe(observer);
      return () => map.unobserve(observer);
    },
  };
}

/** The JSON a scope is stored as, checked: a malformed range throws a `RangeError`. */
function storedScope(scope: AgentScope): Record<string, unknown> {
  switch (scope.kind) {
    case 'score':
    case 'nothing':
      return { kind: scope.kind };
    case 'range': {
      const data = scoreScope(scope).data as {
        measures: { start: number; end: number };
        parts?: number[];
      };
      return { kind: 'range', ...data };
    }
    default:
      throw new RangeError(
        `An agent scope is { kind: 'score' | 'range' | 'nothing' }; got ${JSON.stringify(scope)}.`,
      );
  }
}

/** A stored scope read back; anything that is not one reads as the whole score. */
function readAgentScope(value: unknown): AgentScope {
  if (!isRecord(value)) return { kind: 'score' };
  if (value.kind === 'nothing') return { kind: 'nothing' };
  if (value.kind !== 'range') return { kind: 'score' };
  try {
    const input = { measures: value.measures, parts: value.parts } as ScoreScopeInput;
    const data = scoreScope(input.parts === undefined ? { measures: input.measures } : input)
      .data as unknown as ScoreScopeInput;
    return { kind: 'range', ...data };
  } catch {
    // A range that is no range was meant to narrow the agents: it admits nothing.
    return { kind: 'nothing' };
  }
}

function readAuthor(value: unknown): SettingAuthor | null {
  if (!isRecord(value) || typeof value.client !== 'number') return null;
  return { name: typeof value.name === 'string' ? value.name : null, client: value.client };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
