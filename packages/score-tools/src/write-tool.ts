/**
 * `defineWriteTool`: a write tool from its input, its example and how it
 * plans, so every write tool runs the same flow (plan, dry run, review, one
 * undo step), declares what it would touch for write scopes (the targets of
 * its dry plan), and review sessions can plan any of them again.
 */
import {
  defineTool,
  type Tool,
  type ToolError,
  type ToolRunCall,
  toolFail,
} from '@scorelane/tool-contracts';
import type * as z from 'zod';
import { planTargets } from './score-scope.ts';
import type { ScoreToolsContext } from './score-tools-context.ts';
import { runWrite, type WriteSpec } from './write-flow.ts';
import { writeOutputSchema } from './write-output.ts';

/**
 * What a write tool is made of. `input` must spread `writeArguments` (tool-fields).
 *
 * @example
 * ```ts
 * const definition: WriteToolDefinition<typeof input> = {
 *   name: 'delete_measures', title: 'Delete measures', description, input,
 *   example: { start_measure: 3, end_measure: 4, allow_measure_count_change: true },
 *   spec: (args) => ({ label: `delete m${args.start_measure}-m${args.end_measure}`, plan: (score, revision) => ... }),
 * };
 * ```
 */
export interface WriteToolDefinition<I extends z.ZodObject> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: I;
  /** One example call, shown to the model. */
  readonly example: z.input<I>;
  /** The write the arguments ask for: the undo step's label and how to plan it. */
  readonly spec: (args: z.output<I>) => Omit<WriteSpec, 'tool'>;
  /** A refusal before planning (a missing flag), or `undefined` to go on. */
  readonly precheck?: (args: z.output<I>) => ToolError | undefined;
}

/**
 * A defined write tool and the spec its arguments make.
 *
 * @example
 * ```ts
 * deleteMeasures.spec({ start_measure: 3, end_measure: 4 }).label; // 'delete_measures m3-m4'
 * ```
 */
export interface WriteTool<I extends z.ZodObject> {
  readonly tool: Tool<I, typeof writeOutputSchema, ScoreToolsContext>;
  readonly spec: (args: z.output<I>) => WriteSpec;
}

/**
 * Defines a write tool whose output is {@link writeOutputSchema}.
 *
 * @example
 * ```ts
 * export const deleteMeasures = defineWriteTool({ name: 'delete_measures', ... });
 * ```
 */
export function defineWriteTool<I extends z.ZodObject>(
  definition: WriteToolDefinition<I>,
): WriteTool<I> {
  const spec = (args: z.output<I>): WriteSpec => ({
    tool: definition.name,
    ...definition.spec(args),
  });
  const tool = defineTool({
    name: definition.name,
    title: definition.title,
    description: definition.description,
    input: definition.input,
    output: writeOutputSchema,
    permission: 'write',
    examples: [definition.example],
    // What the write would touch, from a dry plan of the score as it is; a
    // write that cannot be planned touches nothing, and run says why.
    targets: (args, { context }: ToolRunCall<ScoreToolsContext>) => {
      if (definition.precheck?.(args)) return [];
      const revision = (args as { revision?: string }).revision;
      const planned = spec(args).plan(context.score, revision);
      return planned.ok ? planTargets(planned.plan) : [];
    },
    run: (args, call: ToolRunCall<ScoreToolsContext>) => {
      const refused = definition.precheck?.(args);
      if (refused) return toolFail(refused);
      return runWrite(call, spec(args), args as Record<string, unknown>);
    },
  });
  return { tool, spec };
}
