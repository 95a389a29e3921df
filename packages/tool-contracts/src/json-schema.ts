/**
 * Zod schema -> JSON Schema (draft 2020-12), the form both MCP and WebMCP
 * take a tool's `inputSchema` in.
 */
import * as z from 'zod';

/**
 * A JSON Schema object for a tool's arguments or result: always
 * `type: "object"`, as MCP requires.
 *
 * @example
 * ```ts
 * const schema: JsonSchemaObject = { type: 'object', properties: {}, additionalProperties: false };
 * ```
 */
export interface JsonSchemaObject {
  readonly $schema?: string;
  readonly type: 'object';
  readonly properties?: Readonly<Record<string, unknown>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: unknown;
  readonly [keyword: string]: unknown;
}

/**
 * The dialect every generated schema is written in. The schemas leave
 * `$schema` out: MCP reads a tool schema without one as this dialect, and
 * the URL would cost every listed schema a dozen tokens of the agent's context.
 *
 * @example
 * ```ts
 * new Ajv2020().compile(tool.inputSchema); // Ajv2020 validates JSON_SCHEMA_DIALECT
 * ```
 */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * Converts an object schema with `z.toJSONSchema` (draft 2020-12, without
 * `$schema`; see {@link JSON_SCHEMA_DIALECT}). `io`
 * picks the side: `'input'` describes what a caller may send (fields with
 * defaults are optional), `'output'` what the tool returns. Throws when the
 * schema holds something JSON Schema cannot express (a bigint, a function,
 * a date), naming the tool's schema as the culprit.
 *
 * @example
 * ```ts
 * objectJsonSchema(z.object({ title: z.string() }), 'input');
 * // { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object',
 * //   properties: { title: { type: 'string' } }, required: ['title'] }
 * ```
 */
export function objectJsonSchema(schema: z.ZodObject, io: 'input' | 'output'): JsonSchemaObject {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as Record<string, unknown>;
  if (json.type !== 'object') {
    throw new TypeError(`Expected an object schema, got JSON Schema type ${String(json.type)}.`);
  }
  const { $schema: _dialect, ...schemaWithoutDialect } = json;
  return schemaWithoutDialect as JsonSchemaObject;
}
