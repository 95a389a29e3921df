import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  checkKindOf,
  definitionOf,
  schemaAt,
  unwrapped,
  withDefinition,
  wrapperKinds,
} from './zod-definitions.ts';

describe('reading zod definitions', () => {
  it('names the kind of a schema, and nothing for what is not one', () => {
    expect(definitionOf(z.object({}))?.type).toBe('object');
    expect(definitionOf(z.array(z.string()))?.element).toBeDefined();
    expect(definitionOf('text')).toBeUndefined();
    expect(definitionOf(null)).toBeUndefined();
  });

  it('unwraps every wrapper kind', () => {
    const inner = z.string();
    const wrapped = [
      inner.optional(),
      inner.nullable(),
      inner.default('x'),
      inner.prefault('x'),
      inner.optional().nonoptional(),
      inner.readonly(),
      inner.catch('x'),
      z.success(inner),
    ];
    expect(wrapped.map((schema) => definitionOf(schema)?.type).sort()).toEqual(
      [...wrapperKinds].sort(),
    );
    for (const schema of wrapped) expect(definitionOf(unwrapped(schema))?.type).toBe('string');
  });

  it('finds the schema at a path through objects, arrays and wrappers', () => {
    const id = z.number();
    const schema = z.object({ items: z.array(z.object({ id }).optional()).default([]) });
    expect(schemaAt(schema, ['items', 3, 'id'])).toBe(id);
    expect(schemaAt(schema, ['items', 'id'])).toBeUndefined();
    expect(schemaAt(schema, ['missing'])).toBeUndefined();
  });

  it('names check kinds, and copies a schema with a changed definition and its description', () => {
    const refined = z.string().refine((text) => text.length > 0);
    expect(definitionOf(refined)?.checks?.map(checkKindOf)).toEqual(['custom']);
    const loose = z.object({ a: z.string() }).describe('An object.');
    const strict = withDefinition(loose, { catchall: z.never() });
    expect(strict.safeParse({ a: 'x', b: 1 }).success).toBe(false);
    expect(strict.description).toBe('An object.');
  });
});
