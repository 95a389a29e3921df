/**
 * Input objects are strict at every depth: an unknown field anywhere in the
 * arguments is refused and named, not silently dropped. A host that wants a
 * nested object to take any field writes it as `z.looseObject` (or gives it a
 * catchall), and that object stays as written.
 */
import * as z from 'zod';
import { definitionOf, withDefinition, wrapperKinds } from './zod-definitions.ts';

/**
 * Returns `schema` with every `z.object` inside it (through optional,
 * nullable, default, array, tuple, record and union) made strict, unless it
 * has a catchall (`z.looseObject`, `.catchall(...)`). Refinements and
 * descriptions stay. Schemas that need no change are returned as they are.
 *
 * @example
 * ```ts
 * const input = strictInput(z.object({ range: z.object({ from: z.number() }) }));
 * input.safeParse({ range: { from: 1, form: 2 } }).success; // false: range.form is unknown
 * ```
 */
export function strictInput<S extends z.ZodType>(schema: S): S {
  return strictify(schema) as S;
}

function strictify(schema: z.ZodType): z.ZodType {
  const def = definitionOf(schema);
  if (def === undefined) return schema;
  const replace = (changes: Parameters<typeof withDefinition>[1]): z.ZodType =>
    withDefinition(schema, changes);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      let changed = def.catchall === undefined;
      const next: Record<string, z.ZodType> = {};
      for (const [key, child] of Object.entries(shape)) {
        const strict = strictify(child);
        if (strict !== child) changed = true;
        next[key] = strict;
      }
      if (!changed) return schema;
      return replace({ shape: next, catchall: def.catchall ?? z.never() });
    }
    case 'array': {
      if (def.element === undefined) return schema;
      const element = strictify(def.element);
      return element === def.element ? schema : replace({ element });
    }
    case 'union': {
      const options = (def.options ?? []).map(strictify);
      return options.every((option, index) => option === def.options?.[index])
        ? schema
        : replace({ options });
    }
    case 'tuple': {
      const items = (def.items ?? []).map(strictify);
      const rest = def.rest == null ? def.rest : strictify(def.rest);
      return items.every((item, index) => item === def.items?.[index]) && rest === def.rest
        ? schema
        : replace({ items, rest });
    }
    case 'record': {
      if (def.valueType === undefined) return schema;
      const valueType = strictify(def.valueType);
      return valueType === def.valueType ? schema : replace({ valueType });
    }
    default: {
      if (!wrapperKinds.has(def.type) || def.innerType === undefined) return schema;
      const innerType = strictify(def.innerType);
      return innerType === def.innerType ? schema : replace({ innerType });
    }
  }
}
