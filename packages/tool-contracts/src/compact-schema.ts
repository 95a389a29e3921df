/**
 * JSON Schema as a tool listing sends it, where every token is read by the
 * model: without the safe-integer bounds zod adds to every integer (they say
 * nothing a caller needs), and, for results, without the nested shapes (the
 * result's text holds the whole value; the listing names its fields).
 */

const SAFE_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/**
 * `schema` without the `minimum` and `maximum` that only state JavaScript's
 * safe-integer range, at every depth. Every other keyword is kept.
 *
 * @example
 * ```ts
 * withoutSafeIntegerBounds({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
 * // { type: 'integer', minimum: 1 }
 * ```
 */
export function withoutSafeIntegerBounds<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withoutSafeIntegerBounds) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const kept: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if ((keyword === 'minimum' || keyword === 'maximum') && SAFE_BOUNDS.has(value as number)) {
      continue;
    }
    kept[keyword] = withoutSafeIntegerBounds(value);
  }
  return kept as T;
}

/**
 * An object schema cut to its fields: each property keeps its type (or
 * types, for a union of plain types), enum, const and description; the
 * items of an array and the fields of a nested object are left open. A value
 * the full schema accepts, the cut one accepts too.
 *
 * @example
 * ```ts
 * fieldsOnly({ type: 'object', properties: { range: { type: 'object', properties: { start: { type: 'integer' } } } } });
 * // { type: 'object', properties: { range: { type: 'object' } } }
 * ```
 */
export function fieldsOnly<T extends { readonly properties?: Readonly<Record<string, unknown>> }>(
  schema: T,
): T {
  if (schema.properties === undefined) return schema;
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, field]) => [name, fieldType(field)]),
  );
  return { ...schema, properties };
}

const KEPT = ['type', 'enum', 'const', 'description'];

function fieldType(field: unknown): unknown {
  if (typeof field !== 'object' || field === null) return field;
  const record = field as Record<string, unknown>;
  const union = record.anyOf;
  if (Array.isArray(union)) {
    const types = union.map((branch) => (branch as Record<string, unknown>).type);
    if (!types.every((type) => typeof type === 'string')) return field;
    return {
      type: [...new Set(types as string[])],
      ...(record.description === undefined ? {} : { description: record.description }),
    };
  }
  if (record.type !== 'object' && record.type !== 'array') return field;
  return Object.fromEntries(KEPT.filter((key) => key in record).map((key) => [key, record[key]]));
}
