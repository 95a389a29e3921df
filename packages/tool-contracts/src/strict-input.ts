/**
 * Input objects are strict at every depth: an unknown field anywhere in the
 * arguments is refused and named, not silently dropped. A host that wants a
 * nested object to take any field writes it as `z.looseObject` (or gives it a
 * catchall), and that object stays as written.
 */
import * as z from 'zod';

interface Internals {
  _zod: { def: Record<string, unknown> & { type: string } };
  clone(def: Record<string, unknown>, params?: { parent: boolean }): z.ZodType;
}

/** Wrappers whose one child is `innerType`. */
const wrappers = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'nonoptional',
  'readonly',
  'catch',
  'success',
]);

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
  return strictify(schema as unknown as Internals) as unknown as S;
}

function strictify(schema: Internals): z.ZodType {
  const def = schema._zod.def;
  const same = schema as unknown as z.ZodType;
  // `parent` keeps the original's metadata (its description) on the copy.
  const replace = (changes: Record<string, unknown>): z.ZodType =>
    schema.clone({ ...def, ...changes }, { parent: true });
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, Internals>;
      let changed = def.catchall === undefined;
      const next: Record<string, z.ZodType> = {};
      for (const [key, child] of Object.entries(shape)) {
        const strict = strictify(child);
        if (strict !== (child as unknown)) changed = true;
        next[key] = strict;
      }
      if (!changed) return same;
      return replace({ shape: next, catchall: def.catchall ?? z.never() });
    }
    case 'array': {
      const element = strictify(def.element as Internals);
      return element === def.element ? same : replace({ element });
    }
    case 'union': {
      const options = (def.options as Internals[]).map(strictify);
      return options.every((option, index) => option === (def.options as unknown[])[index])
        ? same
        : replace({ options });
    }
    case 'tuple': {
      const items = (def.items as Internals[]).map(strictify);
      const rest = def.rest == null ? def.rest : strictify(def.rest as Internals);
      return items.every((item, index) => item === (def.items as unknown[])[index]) &&
        rest === def.rest
        ? same
        : replace({ items, rest });
    }
    case 'record': {
      const valueType = strictify(def.valueType as Internals);
      return valueType === def.valueType ? same : replace({ valueType });
    }
    default: {
      if (!wrappers.has(def.type) || def.innerType === undefined) return same;
      const innerType = strictify(def.innerType as Internals);
      return innerType === def.innerType ? same : replace({ innerType });
    }
  }
}
