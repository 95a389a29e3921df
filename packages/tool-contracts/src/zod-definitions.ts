/**
 * The one reader of zod 4's private schema definitions (`schema._zod.def`).
 * zod exposes no public walk over a schema's structure, and three parts of
 * this package need one: naming the fields an unknown field could have been
 * (argument-problems.ts), checking that JSON Schema says what zod checks
 * (schema-fidelity.ts), and making every nested object strict
 * (strict-input.ts). They all read definitions through here, so a zod
 * change is fixed in one place.
 */
import type * as z from 'zod';

/**
 * The parts of a zod definition this package reads. `type` names the kind
 * of schema (`object`, `array`, `optional`, ...); the other fields exist
 * only on the kinds that have them.
 *
 * @example
 * ```ts
 * definitionOf(z.array(z.string()))?.type; // 'array'
 * ```
 */
export interface ZodDefinition {
  readonly type: string;
  /** object */
  readonly shape?: Readonly<Record<string, z.ZodType>>;
  /** object: the schema of unknown keys (`z.never()` when strict); absent when they are dropped. */
  readonly catchall?: z.ZodType;
  /** array */
  readonly element?: z.ZodType;
  /** union */
  readonly options?: readonly z.ZodType[];
  /** tuple */
  readonly items?: readonly z.ZodType[];
  readonly rest?: z.ZodType | null | undefined;
  /** record */
  readonly valueType?: z.ZodType;
  /** the wrapper kinds in {@link wrapperKinds} */
  readonly innerType?: z.ZodType;
  /** pipe (`.pipe`, `z.preprocess`, `.transform`) */
  readonly in?: z.ZodType;
  readonly out?: z.ZodType;
  /** `z.coerce.*` */
  readonly coerce?: boolean;
  readonly checks?: readonly unknown[];
}

/**
 * Kinds of schema that wrap exactly one other schema, `innerType`, and
 * accept what it accepts (plus `undefined`, `null`, or a fallback).
 *
 * @example
 * ```ts
 * wrapperKinds.has('optional'); // true
 * ```
 */
export const wrapperKinds: ReadonlySet<string> = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'nonoptional',
  'readonly',
  'catch',
  'success',
]);

interface WithDefinition {
  readonly _zod: { readonly def: ZodDefinition };
  clone(def: ZodDefinition, params?: { parent: boolean }): z.ZodType;
}

function hasDefinition(schema: unknown): schema is WithDefinition {
  const internals = (schema as { _zod?: { def?: { type?: unknown } } } | null | undefined)?._zod;
  return typeof internals?.def?.type === 'string';
}

/**
 * The definition of `schema`, or `undefined` if it is not a zod 4 schema.
 *
 * @example
 * ```ts
 * definitionOf(z.object({ a: z.string() }))?.shape; // { a: ZodString }
 * definitionOf('not a schema'); // undefined
 * ```
 */
export function definitionOf(schema: unknown): ZodDefinition | undefined {
  return hasDefinition(schema) ? schema._zod.def : undefined;
}

/**
 * The kind of one of a definition's `checks` (`'custom'` for `.refine` and
 * `.superRefine`, `'min_length'`, ...), or `undefined`.
 *
 * @example
 * ```ts
 * definitionOf(z.string().refine(Boolean))?.checks?.map(checkKindOf); // ['custom']
 * ```
 */
export function checkKindOf(check: unknown): string | undefined {
  const kind = (check as { _zod?: { def?: { check?: unknown } } } | null | undefined)?._zod?.def
    ?.check;
  return typeof kind === 'string' ? kind : undefined;
}

/**
 * `schema` without the wrappers around it ({@link wrapperKinds}).
 *
 * @example
 * ```ts
 * definitionOf(unwrapped(z.string().optional().default('x')))?.type; // 'string'
 * ```
 */
export function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = definitionOf(current);
    if (def === undefined || !wrapperKinds.has(def.type) || def.innerType === undefined) {
      return current;
    }
    current = def.innerType;
  }
}

/**
 * The schema at `path` inside `schema` (object keys and array indexes),
 * through wrappers, or `undefined` where the path leaves what the schema
 * describes.
 *
 * @example
 * ```ts
 * schemaAt(z.object({ items: z.array(z.object({ id: z.number() })) }), ['items', 0, 'id']); // ZodNumber
 * ```
 */
export function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = unwrapped(schema);
  for (const segment of path) {
    const def = definitionOf(current);
    if (def?.type === 'object' && typeof segment === 'string') current = def.shape?.[segment];
    else if (def?.type === 'array' && typeof segment === 'number') current = def.element;
    else return undefined;
    if (current === undefined) return undefined;
    current = unwrapped(current);
  }
  return current;
}

/**
 * A copy of `schema` with some of its definition replaced, keeping its
 * metadata (its description).
 *
 * @example
 * ```ts
 * const strict = withDefinition(object, { catchall: z.never() });
 * ```
 */
export function withDefinition(schema: z.ZodType, changes: Partial<ZodDefinition>): z.ZodType {
  if (!hasDefinition(schema)) throw new TypeError('Not a zod 4 schema.');
  return schema.clone({ ...schema._zod.def, ...changes }, { parent: true });
}
