/**
 * The JSON Schema an agent is shown must accept exactly what zod accepts.
 * `z.toJSONSchema` silently drops what JSON Schema cannot say: a coercion
 * (`z.coerce.number()` takes `"3"`), a `.catch` (takes anything), a
 * `z.preprocess` or `.pipe` (only one side is shown), a `.refine` or
 * `.superRefine` (invisible). {@link unfaithfulToJsonSchema} finds them, so
 * `defineTool` can refuse such an input schema instead of publishing a
 * schema that disagrees with the checks the pipeline makes.
 */

import { checkKindOf, definitionOf, wrapperKinds } from './zod-definitions.ts';

/**
 * The first place in `schema` that JSON Schema would describe differently
 * from zod, as `{ path, reason }`, or `undefined` if there is none. A plain
 * `.transform()` is fine: JSON Schema shows what it accepts, which is what
 * zod accepts.
 *
 * @example
 * ```ts
 * unfaithfulToJsonSchema(z.object({ n: z.coerce.number() }));
 * // { path: 'n', reason: 'z.coerce accepts values of other types, which JSON Schema refuses' }
 * ```
 */
export function unfaithfulToJsonSchema(
  schema: unknown,
  path = '',
): { path: string; reason: string } | undefined {
  const def = definitionOf(schema);
  if (def === undefined) return undefined;
  const at = path === '' ? '(the arguments)' : path;
  if ((def.checks ?? []).some((check) => checkKindOf(check) === 'custom')) {
    return { path: at, reason: '.refine/.superRefine checks are invisible to JSON Schema' };
  }
  if (def.coerce === true) {
    return {
      path: at,
      reason: 'z.coerce accepts values of other types, which JSON Schema refuses',
    };
  }
  const child = (key: string | number): string =>
    typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
  switch (def.type) {
    case 'catch':
      return { path: at, reason: '.catch accepts any value, which JSON Schema refuses' };
    case 'pipe': {
      const inner = definitionOf(def.in)?.type;
      const outer = definitionOf(def.out)?.type;
      if (inner === 'transform') {
        return { path: at, reason: 'z.preprocess accepts what JSON Schema cannot describe' };
      }
      if (outer !== 'transform') {
        return { path: at, reason: '.pipe checks a second schema that JSON Schema does not show' };
      }
      return unfaithfulToJsonSchema(def.in, path);
    }
    case 'object': {
      for (const [key, value] of Object.entries(def.shape ?? {})) {
        const found = unfaithfulToJsonSchema(value, child(key));
        if (found !== undefined) return found;
      }
      return def.catchall === undefined
        ? undefined
        : unfaithfulToJsonSchema(def.catchall, child('*'));
    }
    case 'array':
      return unfaithfulToJsonSchema(def.element, child(0));
    case 'union':
    case 'tuple': {
      const items = (def.type === 'union' ? def.options : def.items) ?? [];
      for (const item of items) {
        const found = unfaithfulToJsonSchema(item, path);
        if (found !== undefined) return found;
      }
      return def.type === 'tuple' && def.rest != null
        ? unfaithfulToJsonSchema(def.rest, path)
        : undefined;
    }
    case 'record':
      return unfaithfulToJsonSchema(def.valueType, child('*'));
    default:
      // 'catch' is a wrapper too, but unfaithful (above).
      return wrapperKinds.has(def.type) ? unfaithfulToJsonSchema(def.innerType, path) : undefined;
  }
}
