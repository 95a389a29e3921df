/**
 * The access a score tools instance applies to every call: the write scope
 * and the tools switched off, both changeable at run time (as a person's
 * selection changes), merged into whatever role a call names.
 */
import type {
  AccessPolicy,
  ToolCatalog,
  ToolPipeline,
  WriteScope,
} from '@scorelane/tool-contracts';
import { type ScoreScopeInput, scoreScope } from './score-scope.ts';
import type { ScoreToolsContext } from './score-tools-context.ts';

/**
 * The current scope and switched-off tools of one score tools instance.
 *
 * @example
 * ```ts
 * const access = createRunAccess(catalog, { scope: { measures: { start: 5, end: 8 } } });
 * access.policy('editor').scope?.label; // 'measures 5-8, all parts'
 * ```
 */
export interface RunAccess {
  /** The policy for `role` now: the role, the switched-off tools, the scope. */
  policy(role: string): AccessPolicy;
  /** `given` completed with the current scope and toggles; what it sets itself wins. */
  merge(given: string | AccessPolicy): AccessPolicy;
  setScope(scope: ScoreScopeInput | null): void;
  setDisabledTools(names: readonly string[]): void;
}

/**
 * The run access over `catalog`, starting from `initial`. Throws a
 * `RangeError` for a malformed scope and a `TypeError` for a switched-off
 * name that is no tool of the catalog (a typo would leave the tool on).
 *
 * @example
 * ```ts
 * const access = createRunAccess(scoreToolCatalog(), { disabledTools: ['delete_measures'] });
 * ```
 */
export function createRunAccess(
  catalog: ToolCatalog<ScoreToolsContext>,
  initial: {
    readonly scope?: ScoreScopeInput;
    readonly disabledTools?: readonly string[];
    /** The document's shared scope, asked at every call; when it names one, it wins over the instance's own. */
    readonly shared?: () => WriteScope | undefined;
  },
): RunAccess {
  let own = initial.scope === undefined ? undefined : scoreScope(initial.scope);
  let disabledTools = checkedNames(initial.disabledTools ?? [], catalog);
  const policy = (role: string): AccessPolicy => {
    const scope = initial.shared?.() ?? own;
    return { role, disabledTools, ...(scope === undefined ? {} : { scope }) };
  };
  return {
    policy,
    merge(given) {
      const asked = typeof given === 'string' ? { role: given } : given;
      return {
        ...policy(asked.role),
        ...(asked.disabledTools === undefined ? {} : { disabledTools: asked.disabledTools }),
        ...(asked.scope === undefined ? {} : { scope: asked.scope }),
      };
    },
    setScope(next) {
      own = next === null ? undefined : scoreScope(next);
    },
    setDisabledTools(names) {
      disabledTools = checkedNames(names, catalog);
    },
  };
}

/**
 * `pipeline` with `access` applied to every listing and call, so an adapter
 * that names only a role still serves the scope and the toggles.
 *
 * @example
 * ```ts
 * const served = withRunAccess(unscoped, access);
 * served.manifest('editor').scope; // the current scope, if any
 * ```
 */
export function withRunAccess(pipeline: ToolPipeline, access: RunAccess): ToolPipeline {
  return {
    list: (given) => pipeline.list(access.merge(given)),
    manifest: (given) => pipeline.manifest(access.merge(given)),
    invoke: (name, args, options) =>
      pipeline.invoke(name, args, { ...options, ...access.merge(options) }),
  };
}

function checkedNames(
  names: readonly string[],
  catalog: ToolCatalog<ScoreToolsContext>,
): readonly string[] {
  const unknown = names.filter((name) => catalog.get(name) === undefined);
  if (unknown.length > 0) {
    throw new TypeError(
      `disabledTools names no score tool: ${unknown.join(', ')}. The tools are: ${catalog.tools.map((tool) => tool.name).join(', ')}.`,
    );
  }
  return Object.freeze([...names]);
}
