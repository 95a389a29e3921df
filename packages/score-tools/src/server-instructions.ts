/**
 * What an MCP server of the score tools tells its client once, at
 * `initialize`: how the tools go together, and the lanes-seq guide, so no
 * tool description has to carry it.
 */
import { formatGuide } from '@scorelane/lanes-seq';

/**
 * The URI a host serves the lanes-seq guide under as an MCP resource.
 *
 * @example
 * ```ts
 * resources: [{ uri: FORMAT_GUIDE_URI, name: 'lanes-seq', read: () => formatGuide() }];
 * ```
 */
export const FORMAT_GUIDE_URI = 'scorelane://guide/lanes-seq';

/**
 * The server instructions for the score tools: the order to call them in,
 * then the whole format guide (the one place an MCP client is sent it).
 *
 * @example
 * ```ts
 * catalogServerFactory({ pipeline, role, name: 'scorelane', version, instructions: scoreToolsInstructions() });
 * ```
 */
export function scoreToolsInstructions(): string {
  return `Read with get_score_info, then read_measures; write with rewrite_measures and the other write tools, passing the revision your read returned. Music is lanes-seq text, taught below (also the resource ${FORMAT_GUIDE_URI} and the tool get_format_guide).

${formatGuide()}`;
}
