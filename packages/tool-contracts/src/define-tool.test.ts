import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { addItem, listItems } from '../test/todo-editor.ts';
import {
  defineTool,
  EXAMPLES_HEADING,
  renderDescription,
  toolFail,
  toolOk,
} from './define-tool.ts';
import { toolError } from './tool-error.ts';
import { writeFields } from './write-fields.ts';

const base = {
  name: 'get_count',
  title: 'Get count',
  description: 'Returns the count.',
  input: z.object({}),
  output: z.object({ count: z.number() }),
  permission: 'read' as const,
  run: () => toolOk({ count: 1 }),
};

describe('defineTool', () => {
  it('completes a definition: hints from the permission, schemas, examples in the description', () => {
    expect(addItem.name).toBe('add_item');
    expect(addItem.summary).toBe(
      'Adds an item to the end of the list and returns it with the new revision.',
    );
    expect(addItem.annotations).toEqual({
      readOnly: false,
      destructive: false,
      idempotent: false,
      openWorld: false,
      untrustedContent: false,
    });
    expect(addItem.description).toBe(
      `${addItem.summary}\n\n${EXAMPLES_HEADING}\n{"title":"Buy milk"}\n{"idempotency_key":"k-1","title":"Call Ana"}`,
    );
    expect(addItem.inputSchema).not.toHaveProperty('$schema');
    expect(addItem.inputSchema).toMatchObject({
      type: 'object',
      required: ['title'],
      additionalProperties: false,
    });
    expect(Object.keys(addItem.inputSchema.properties ?? {})).toEqual([
      'title',
      'revision',
      'dry_run',
      'idempotency_key',
    ]);
  });

  it('refuses unknown fields unless the input is a loose object', () => {
    expect(listItems.input.safeParse({ open_only: true, extra: 1 }).success).toBe(false);
    const loose = defineTool({ ...base, input: z.looseObject({ a: z.number().optional() }) });
    expect(loose.input.safeParse({ extra: 1 }).success).toBe(true);
    expect(loose.inputSchema.additionalProperties).toEqual({});
  });

  it('describes the input side of the schema: a field with a default is optional', () => {
    const tool = defineTool({ ...base, input: z.object({ limit: z.number().default(10) }) });
    expect(tool.inputSchema.required).toBeUndefined();
    expect(tool.outputSchema.required).toEqual(['count']);
  });

  it.each([
    ['a camelCase name', { name: 'getCount' }, /snake_case/],
    ['a name with a double underscore', { name: 'get__count' }, /snake_case/],
    ['a name starting with a digit', { name: '1_count' }, /snake_case/],
    ['a name longer than 64 characters', { name: `a${'_b'.repeat(32)}` }, /at most 64/],
    ['an empty title', { title: '' }, /needs a title/],
    ['an empty description', { description: ' ' }, /needs a description/],
    ['an unknown permission', { permission: 'admin' }, /'read' or 'write'/],
    ['a non-object input', { input: z.string() }, /input schema must be a zod object/],
    ['a non-object output', { output: z.array(z.number()) }, /output schema must be a zod object/],
    [
      'an input JSON Schema cannot express',
      { input: z.object({ n: z.bigint() }) },
      /cannot be expressed as JSON Schema/,
    ],
    ['a destructive read tool', { annotations: { destructive: true } }, /cannot be destructive/],
    [
      'an invalid example',
      { input: z.object({ n: z.number() }), examples: [{ n: 'x' }] },
      /Example 1 of tool get_count is not valid input: n:/,
    ],
  ])('throws for %s', (_what, change, message) => {
    expect(() => defineTool({ ...base, ...change } as Parameters<typeof defineTool>[0])).toThrow(
      message,
    );
  });
});

describe('renderDescription', () => {
  it('leaves a description without examples as it is', () => {
    expect(renderDescription('Adds an item.', [])).toBe('Adds an item.');
  });
});

describe('toolOk and toolFail', () => {
  it('build the two sides of a run result', () => {
    expect(toolOk({ n: 1 })).toEqual({ ok: true, output: { n: 1 }, changed: [] });
    const error = toolError('not_found', 'No item.');
    expect(toolFail(error)).toEqual({ ok: false, error });
  });
});

describe('writeFields', () => {
  it('accepts the pipeline fields and refuses wrong types', () => {
    const input = z.object({ ...writeFields }).strict();
    expect(input.safeParse({ revision: 'r1', dry_run: true, idempotency_key: 'k' }).success).toBe(
      true,
    );
    expect(input.safeParse({ revision: '' }).success).toBe(false);
    expect(input.safeParse({ idempotency_key: 'k'.repeat(201) }).success).toBe(false);
  });
});

describe('defineTool refuses input schemas JSON Schema would misdescribe', () => {
  const toolWith = (input: z.ZodObject) =>
    defineTool({
      name: 'pick',
      title: 'Pick',
      description: 'Picks.',
      input,
      output: z.object({}),
      permission: 'read',
      run: () => toolOk({}),
    });

  it.each([
    ['a coercion', z.object({ n: z.coerce.number() }), 'n: z.coerce'],
    ['a catch', z.object({ n: z.number().catch(0) }), 'n: .catch'],
    ['a refinement', z.object({ n: z.number().refine((v) => v > 1) }), 'n: .refine'],
    [
      'a refinement of the arguments',
      z.object({ a: z.number(), b: z.number() }).refine((v) => v.a < v.b),
      '(the arguments): .refine',
    ],
    [
      'a preprocess',
      z.object({ n: z.preprocess((v) => Number(v), z.number()) }),
      'n: z.preprocess',
    ],
    ['a pipe', z.object({ n: z.string().pipe(z.string().min(3)) }), 'n: .pipe'],
    [
      'a refinement deep inside',
      z.object({
        list: z.array(z.object({ id: z.string().superRefine(() => undefined) })).optional(),
      }),
      'list[0].id: .refine',
    ],
  ])('throws for %s, naming where', (_kind, input, where) => {
    expect(() => toolWith(input)).toThrow(TypeError);
    expect(() => toolWith(input)).toThrow(`disagrees with zod at ${where}`);
  });

  it('accepts a plain transform, whose accepted input JSON Schema shows as it is', () => {
    const tool = toolWith(z.object({ n: z.string().transform((s) => s.length) }));
    expect(tool.inputSchema.properties?.n).toEqual({ type: 'string' });
  });
});
