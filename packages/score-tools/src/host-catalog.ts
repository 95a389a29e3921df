/**
 * The score tools a host can run: a tool that needs something of the host
 * (a player, an editor to select in) is listed only where the host gives it,
 * so an agent is never offered a tool whose every call would fail or do
 * nothing it can see.
 */
import { type CatalogTool, defineCatalog, type ToolCatalog } from '@scorelane/tool-contracts';
import type { ScoreToolsContext } from './score-tools-context.ts';

/**
 * What a host gives the tools beyond the score: `player` for `play` and
 * `stop`, `selection` (an editor's selection a person sees) for
 * `select_measures`.
 *
 * @example
 * ```ts
 * const gives: HostFeatures = { player: true, selection: false }; // a server with audio, no editor
 * ```
 */
export interface HostFeatures {
  readonly player: boolean;
  readonly selection: boolean;
}

/** Each host feature and the tools that need it. */
const NEEDS: Readonly<Record<keyof HostFeatures, readonly string[]>> = {
  player: ['play', 'stop'],
  selection: ['select_measures'],
};

/**
 * The names of the tools `features` leave out.
 *
 * @example
 * ```ts
 * toolsWithoutHost({ player: false, selection: false }); // ['play', 'stop', 'select_measures']
 * ```
 */
export function toolsWithoutHost(features: HostFeatures): readonly string[] {
  return (Object.keys(NEEDS) as (keyof HostFeatures)[])
    .filter((feature) => !features[feature])
    .flatMap((feature) => NEEDS[feature]);
}

/**
 * `catalog` less the tools `features` cannot run, in the same order.
 *
 * @example
 * ```ts
 * hostCatalog(scoreToolCatalog(), { player: false, selection: true }).get('play'); // undefined
 * ```
 */
export function hostCatalog(
  catalog: ToolCatalog<ScoreToolsContext>,
  features: HostFeatures,
): ToolCatalog<ScoreToolsContext> {
  const missing = new Set(toolsWithoutHost(features));
  if (missing.size === 0) return catalog;
  return defineCatalog(
    catalog.tools.filter((tool) => !missing.has(tool.name)) as CatalogTool<ScoreToolsContext>[],
  );
}
