/**
 * `get_format_guide`: the lanes-seq guide, on request, for an agent whose host
 * has no server instructions or resources to give it (a browser agent over
 * WebMCP), and for any agent that wants it again.
 */
import { formatGuide } from '@scorelane/lanes-seq';
import { defineTool, type ToolRunCall, toolOk } from '@scorelane/tool-contracts';
import * as z from 'zod';
import type { ScoreToolsContext } from '../score-tools-context.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { revisionOutput } from '../tool-fields.ts';

/**
 * The `get_format_guide` tool.
 *
 * @example
 * ```ts
 * const { output } = await tools.invoke('get_format_guide', {});
 * output.guide === formatGuide(); // true
 * ```
 */
export const getFormatGuideTool = defineTool({
  name: 'get_format_guide',
  title: 'lanes-seq guide',
  description: TOOL_DESCRIPTIONS.get_format_guide,
  input: z.object({}),
  output: z.object({ guide: z.string(), revision: revisionOutput }),
  permission: 'read',
  run: (_args, { context }: ToolRunCall<ScoreToolsContext>) =>
    toolOk({ guide: formatGuide(), revision: context.revision() }),
});
