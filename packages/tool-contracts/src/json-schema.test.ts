import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { JSON_SCHEMA_DIALECT, objectJsonSchema } from './json-schema.ts';

describe('objectJsonSchema', () => {
  const schema = z.object({
    title: z.string().describe('What to do.'),
    limit: z.number().int().default(10),
  });

  it("is draft 2020-12 without saying so (MCP's default) and describes the input side: defaults are optional", () => {
    const input = objectJsonSchema(schema, 'input');
    expect(input.$schema).toBeUndefined();
    expect(new Ajv2020().defaultMeta()).toBe(JSON_SCHEMA_DIALECT);
    expect(input.required).toEqual(['title']);
    expect(input.properties?.title).toEqual({ type: 'string', description: 'What to do.' });
    expect(new Ajv2020({ strict: true }).validateSchema(input)).toBe(true);
  });

  it('describes the output side: a field with a default is always there', () => {
    expect(objectJsonSchema(schema, 'output').required).toEqual(['title', 'limit']);
  });

  it('throws for a schema that is not an object', () => {
    expect(() => objectJsonSchema(z.string() as unknown as z.ZodObject, 'input')).toThrow(
      /Expected an object schema/,
    );
  });
});
