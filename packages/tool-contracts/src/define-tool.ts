/**
 * `defineTool`: one editor operation as a tool an agent can call, with its
 * schemas, permission, hints, examples and implementation in one value.
 */
import type * as z from 'zod';
import {
  resolveAnnotations,
  type ToolAnnotations,
  type ToolAnnotationsInput,
} from './annotations.ts';
import { fieldsOnly, withoutSafeIntegerBounds } from './compact-schema.ts';
import { type JsonSchemaObject, objectJsonSchema } from './json-schema.ts';
import type { ToolPermission } from './permissions.ts';
import { unfaithfulToJsonSchema } from './schema-fidelity.ts';
import { canonicalJson } from './stable-digest.ts';
import { strictInput } from './strict-input.ts';
import type { ToolError } from './tool-error.ts';
import type { WriteScope } from './write-scope.ts';
import { definitionOf } from './zod-definitions.ts';

/**
 * What a tool's `run` receives besides its arguments.
 *
 * @example
 * ```ts
 * function describe(call: ToolRunCall<{ items: string[] }>): string {
 *   return `${call.call_id} as ${call.role}: ${call.context.items.length} items`;
 * }
 * ```
 */
export interface ToolRunCall<Ctx> {
  /** The host's context: the document, the editor, whatever the tool works on. */
  readonly context: Ctx;
  /** This call's id, also in the audit event. */
  readonly call_id: string;
  /** The role the call runs as (already checked). */
  readonly role: string;
  /** Aborted when the caller gives up on the call. */
  readonly signal: AbortSignal | undefined;
  /** The write scope the call runs under, if the host set one (reads may tell the agent). */
  readonly scope: WriteScope | undefined;
}

/**
 * What `run` returns: the output, with the ids of what changed for the audit
 * log, or a {@link ToolError}. Build it with {@link toolOk} and
 * {@link toolFail}.
 *
 * @example
 * ```ts
 * const result: ToolRunResult<{ count: number }> = { ok: true, output: { count: 1 }, changed: ['counter'] };
 * ```
 */
export type ToolRunResult<O> =
  | { readonly ok: true; readonly output: O; readonly changed?: readonly string[] }
  | { readonly ok: false; readonly error: ToolError };

/**
 * A successful {@link ToolRunResult}. `changed` lists the ids of what the call
 * changed (empty or left out for reads and dry runs); it goes to the audit.
 *
 * @example
 * ```ts
 * return toolOk({ id: 3, title: 'Buy milk' }, ['item:3']);
 * ```
 */
export function toolOk<O>(output: O, changed: readonly string[] = []): ToolRunResult<O> {
  return { ok: true, output, changed };
}

/**
 * A failed {@link ToolRunResult}.
 *
 * @example
 * ```ts
 * return toolFail(toolError('not_found', 'There is no item 7.', [{ path: 'id', message: 'No item 7.' }]));
 * ```
 */
export function toolFail(error: ToolError): ToolRunResult<never> {
  return { ok: false, error };
}

/**
 * The argument of {@link defineTool}.
 *
 * @example
 * ```ts
 * const definition: ToolDefinition<z.ZodObject<{}>, z.ZodObject<{ n: z.ZodNumber }>, { n: number }> = {
 *   name: 'get_count', title: 'Get count', description: 'Returns the count.',
 *   input: z.object({}), output: z.object({ n: z.number() }), permission: 'read',
 *   run: (_args, { context }) => toolOk({ n: context.n }),
 * };
 * ```
 */
export interface ToolDefinition<I extends z.ZodObject, O extends z.ZodObject, Ctx> {
  /** snake_case, 1 to 64 characters, unique in its catalog: `read_items`. */
  readonly name: string;
  /** A short human title for menus and consent prompts. */
  readonly title: string;
  /** What the tool does, for the agent. Examples are appended to it. */
  readonly description: string;
  /** The arguments. Unknown fields are refused unless the schema is a loose object. */
  readonly input: I;
  /** The result; an object, because MCP's `structuredContent` is one. */
  readonly output: O;
  /** `read` or `write`; decides which roles see the tool and whether it is read-only. */
  readonly permission: ToolPermission;
  /** Behaviour hints beyond read-only, rendered for MCP and WebMCP. */
  readonly annotations?: ToolAnnotationsInput;
  /** Valid argument objects, shown to the agent in the description. */
  readonly examples?: readonly z.input<I>[];
  /** The operation. Expected failures are returned with {@link toolFail}; a throw becomes `internal`. */
  readonly run: (
    args: z.output<I>,
    call: ToolRunCall<Ctx>,
  ) => ToolRunResult<z.input<O>> | Promise<ToolRunResult<z.input<O>>>;
  /**
   * What a write would touch, computed from a dry plan without writing, in
   * the host's own terms (the scope's `contains` judges them). When a host
   * sets a write scope, the pipeline calls this before `run` and refuses the
   * call with `out_of_scope` if anything is outside; a write tool without it
   * is refused under any scope. Return `[]` when the write cannot be
   * planned: `run` then says why. Keep it synchronous, so nothing changes
   * the target between the check and the write.
   */
  readonly targets?: (args: z.output<I>, call: ToolRunCall<Ctx>) => readonly unknown[];
}

/**
 * A defined tool: the definition checked and completed, with its JSON
 * Schemas generated and its description rendered.
 *
 * @example
 * ```ts
 * function names(tools: readonly Tool[]): string[] {
 *   return tools.map((tool) => tool.name);
 * }
 * ```
 */
export interface Tool<
  // biome-ignore lint/suspicious/noExplicitAny: a tool of any schema fits a catalog
  I extends z.ZodObject = any,
  // biome-ignore lint/suspicious/noExplicitAny: a tool of any schema fits a catalog
  O extends z.ZodObject = any,
  Ctx = unknown,
> {
  readonly name: string;
  readonly title: string;
  /** The description as the agent reads it, examples included. */
  readonly description: string;
  /** The description as written, without examples. */
  readonly summary: string;
  readonly permission: ToolPermission;
  readonly annotations: ToolAnnotations;
  /** The input schema as enforced: every object in it strict, unless written as a loose object. */
  readonly input: I;
  readonly output: O;
  readonly examples: readonly z.input<I>[];
  /** `input` as JSON Schema draft 2020-12 (the accepted input side), without safe-integer bounds. */
  readonly inputSchema: JsonSchemaObject;
  /**
   * `output` as JSON Schema draft 2020-12, cut to its fields (`fieldsOnly`):
   * the result's text holds the whole value, `output` checks it in full.
   */
  readonly outputSchema: JsonSchemaObject;
  readonly run: ToolDefinition<I, O, Ctx>['run'];
  /** What a write would touch, for scope checks; see {@link ToolDefinition.targets}. */
  readonly targets: ToolDefinition<I, O, Ctx>['targets'];
}

const TOOL_NAME = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/**
 * The heading under which examples are appended to a description, one JSON
 * object per line below it.
 *
 * @example
 * ```ts
 * const examples = tool.description.split(`\n\n${EXAMPLES_HEADING}\n`)[1]?.split('\n').map((line) => JSON.parse(line));
 * ```
 */
export const EXAMPLES_HEADING = 'Example arguments:';

/**
 * Checks a tool definition and completes it. Throws (these are bugs in the
 * definition, not runtime conditions) when the name is not snake_case or is
 * longer than 64 characters, the title or description is empty, the input or
 * output is not a zod object, a schema cannot be expressed as JSON Schema, a
 * read tool is marked destructive, or an example is not valid input.
 *
 * @example
 * ```ts
 * const addItem = defineTool({
 *   name: 'add_item',
 *   title: 'Add item',
 *   description: 'Adds an item to the list and returns its id.',
 *   input: z.object({ title: z.string().min(1), ...writeFields }),
 *   output: z.object({ id: z.number().int() }),
 *   permission: 'write',
 *   annotations: { destructive: false },
 *   examples: [{ title: 'Buy milk' }],
 *   run: (args, { context }: ToolRunCall<{ items: string[] }>) => {
 *     context.items.push(args.title);
 *     return toolOk({ id: context.items.length }, [`item:${context.items.length}`]);
 *   },
 * });
 * ```
 */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject, Ctx = unknown>(
  definition: ToolDefinition<I, O, Ctx>,
): Tool<I, O, Ctx> {
  const { name, title, description, permission } = definition;
  if (typeof name !== 'string' || name.length > 64 || !TOOL_NAME.test(name)) {
    throw new TypeError(
      `Tool name ${JSON.stringify(name)} must be snake_case (a-z, 0-9, single underscores) and at most 64 characters.`,
    );
  }
  requireText(title, `Tool ${name} needs a title.`);
  requireText(description, `Tool ${name} needs a description.`);
  if (permission !== 'read' && permission !== 'write') {
    throw new TypeError(`Tool ${name} needs the permission 'read' or 'write'.`);
  }
  if (typeof definition.run !== 'function')
    throw new TypeError(`Tool ${name} needs a run function.`);
  if (definition.targets !== undefined && typeof definition.targets !== 'function')
    throw new TypeError(`The targets of tool ${name} must be a function.`);
  const input = strictInput(requireObjectSchema(definition.input, `${name} input`));
  const unfaithful = unfaithfulToJsonSchema(input);
  if (unfaithful !== undefined) {
    throw new TypeError(
      `The input schema of tool ${name} would publish a JSON Schema that disagrees with zod at ${unfaithful.path}: ${unfaithful.reason}. Check it in run and return toolFail(toolError('invalid_arguments', ...)) instead.`,
    );
  }
  const output = requireObjectSchema(definition.output, `${name} output`);
  const annotations = resolveAnnotations(permission, definition.annotations);
  const inputSchema = withoutSafeIntegerBounds(jsonSchemaFor(input, 'input', name));
  // The result's text holds the whole value; the listing names its fields.
  const outputSchema = fieldsOnly(withoutSafeIntegerBounds(jsonSchemaFor(output, 'output', name)));
  const examples = [...(definition.examples ?? [])];
  examples.forEach((example, index) => {
    const parsed = input.safeParse(example);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new TypeError(
        `Example ${index + 1} of tool ${name} is not valid input: ${first?.path.join('.') || '(root)'}: ${first?.message}`,
      );
    }
  });
  return Object.freeze({
    name,
    title,
    summary: description,
    description: renderDescription(description, examples),
    permission,
    annotations,
    input,
    output,
    examples: Object.freeze(examples),
    inputSchema,
    outputSchema,
    run: definition.run,
    targets: definition.targets,
  });
}

/**
 * A description with its examples appended, one JSON object per line under
 * {@link EXAMPLES_HEADING}. Throws when an example is not JSON.
 *
 * @example
 * ```ts
 * renderDescription('Adds an item.', [{ title: 'Buy milk' }]);
 * // 'Adds an item.\n\nExample arguments:\n{"title":"Buy milk"}'
 * ```
 */
export function renderDescription(description: string, examples: readonly unknown[]): string {
  if (examples.length === 0) return description;
  const lines = examples.map((example) => canonicalJson(example));
  return `${description}\n\n${EXAMPLES_HEADING}\n${lines.join('\n')}`;
}

function requireText(value: unknown, message: string): void {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(message);
}

function requireObjectSchema<S extends z.ZodObject>(schema: S, what: string): S {
  if (definitionOf(schema)?.type !== 'object') {
    throw new TypeError(`The ${what} schema must be a zod object (z.object({...})).`);
  }
  return schema;
}

function jsonSchemaFor(schema: z.ZodObject, io: 'input' | 'output', name: string) {
  try {
    return objectJsonSchema(schema, io);
  } catch (cause) {
    throw new TypeError(
      `The ${io} schema of tool ${name} cannot be expressed as JSON Schema: ${(cause as Error).message}`,
      { cause },
    );
  }
}
