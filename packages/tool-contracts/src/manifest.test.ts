import { fc, test } from '@fast-check/vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { addItem, listItems, todoCatalog } from '../test/todo-editor.ts';
import { defineTool, EXAMPLES_HEADING, toolOk } from './define-tool.ts';
import { toMcpTool, toolManifest, toolManifestEntry, toWebMcpTool } from './manifest.ts';

/** A standalone draft 2020-12 validator: the schemas are checked by something other than zod. */
const ajv = new Ajv2020({ allErrors: true, strict: true });

/** The examples as the agent reads them: the JSON lines under the heading of the description. */
function examplesInDescription(description: string): unknown[] {
  const [, tail] = description.split(`\n\n${EXAMPLES_HEADING}\n`);
  return tail === undefined ? [] : tail.split('\n').map((line) => JSON.parse(line));
}

describe('generated input schemas, checked by ajv', () => {
  for (const tool of todoCatalog.tools) {
    describe(tool.name, () => {
      const validate = ajv.compile(tool.inputSchema);

      it('is a valid draft 2020-12 schema', () => {
        expect(ajv.validateSchema(tool.inputSchema)).toBe(true);
        expect(ajv.validateSchema(tool.outputSchema)).toBe(true);
      });

      it('accepts every example shown in the description', () => {
        const examples = examplesInDescription(tool.description);
        expect(examples).toEqual(JSON.parse(JSON.stringify(tool.examples)));
        expect(examples.length).toBeGreaterThan(0);
        for (const example of examples) {
          expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
        }
      });

      it('rejects an example with an unknown field, and with any field of the wrong type', () => {
        const [first] = examplesInDescription(tool.description) as Record<string, unknown>[];
        expect(validate({ ...first, not_a_field: 1 })).toBe(false);
        const properties = Object.entries(tool.inputSchema.properties ?? {});
        for (const [field, schema] of properties) {
          const wrong = (schema as { type?: string }).type === 'string' ? 42 : 'wrong';
          expect(validate({ ...first, [field]: wrong }), field).toBe(false);
        }
      });
    });
  }

  it('rejects a wrong example: a missing required field, a value out of range', () => {
    const validate = ajv.compile(addItem.inputSchema);
    expect(validate({ idempotency_key: 'k' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({
      keyword: 'required',
      params: { missingProperty: 'title' },
    });
    expect(validate({ title: '' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'minLength', instancePath: '/title' });
  });

  it('agrees with zod on defaults, enums and nested objects', () => {
    const tool = defineTool({
      name: 'move_items',
      title: 'Move items',
      description: 'Moves items.',
      input: z.object({
        ids: z.array(z.number().int().min(1)).min(1).max(64),
        to: z.enum(['top', 'bottom']).default('bottom'),
        range: z.object({ from: z.number(), to: z.number() }).optional(),
      }),
      output: z.object({ moved: z.number() }),
      permission: 'write',
      examples: [{ ids: [1] }, { ids: [2, 3], to: 'top', range: { from: 1, to: 2 } }],
      run: (args) => toolOk({ moved: args.ids.length }),
    });
    const validate = ajv.compile(tool.inputSchema);
    const cases = [
      ...tool.examples,
      { ids: [] },
      { ids: [0] },
      { ids: [1], to: 'middle' },
      { ids: [1], range: { from: 1 } },
      { ids: [1.5] },
    ];
    for (const candidate of cases) {
      expect(validate(candidate), JSON.stringify(candidate)).toBe(
        tool.input.safeParse(candidate).success,
      );
    }
  });
});

describe('nested objects are strict too', () => {
  const tool = defineTool({
    name: 'set_marks',
    title: 'Set marks',
    description: 'Sets marks.',
    input: z.object({
      marks: z.array(z.object({ measure: z.number().int(), at: z.object({ beat: z.number() }) })),
      target: z.union([z.object({ part: z.number() }), z.object({ all: z.literal(true) })]),
      range: z.object({ from: z.number(), to: z.number() }).optional(),
      extra: z.looseObject({ note: z.string() }).optional(),
    }),
    output: z.object({}),
    permission: 'write',
    run: () => toolOk({}),
  });
  const validate = ajv.compile(tool.inputSchema);
  const valid = {
    marks: [{ measure: 1, at: { beat: 0 } }],
    target: { part: 1 },
    range: { from: 1, to: 2 },
    extra: { note: 'x' },
  };

  it('refuses an unknown nested field in zod and in the JSON Schema, except in a loose object', () => {
    expect(
      tool.input.safeParse({ ...valid, range: { from: 1, to: 2, form: 3 } }).error?.issues,
    ).toMatchObject([{ code: 'unrecognized_keys', path: ['range'], keys: ['form'] }]);
    expect(tool.inputSchema.properties?.range).toMatchObject({ additionalProperties: false });
    expect(validate({ ...valid, extra: { note: 'x', colour: 'red' } })).toBe(true);
    expect(tool.input.safeParse({ ...valid, extra: { note: 'x', colour: 'red' } }).success).toBe(
      true,
    );
  });

  test.prop([
    fc.constantFrom('marks[0]', 'marks[0].at', 'target', 'range', 'extra', 'top'),
    fc
      .string({ minLength: 1, maxLength: 8 })
      .filter((key) => !['__proto__', 'constructor'].includes(key)),
  ])('ajv and zod agree wherever an unknown field is added', (where, key) => {
    const candidate = structuredClone(valid) as Record<string, unknown> & typeof valid;
    const into: Record<string, Record<string, unknown>> = {
      'marks[0]': candidate.marks[0] as Record<string, unknown>,
      'marks[0].at': candidate.marks[0]!.at as Record<string, unknown>,
      target: candidate.target as Record<string, unknown>,
      range: candidate.range as Record<string, unknown>,
      extra: candidate.extra as Record<string, unknown>,
      top: candidate,
    };
    const object = into[where]!;
    const known = Object.hasOwn(object, key);
    object[key] = 7;
    const zod = tool.input.safeParse(candidate).success;
    expect(validate(candidate)).toBe(zod);
    if (!known && where !== 'extra') expect(zod).toBe(false);
  });
});

describe('toolManifest', () => {
  it('lists per role, as plain JSON', () => {
    const viewer = toolManifest(todoCatalog, 'viewer');
    expect(viewer.role).toBe('viewer');
    expect(viewer.tools.map((entry) => entry.name)).toEqual(['list_items']);
    const editor = toolManifest(todoCatalog, 'editor');
    expect(editor.tools.map((entry) => entry.name)).toEqual([
      'list_items',
      'add_item',
      'complete_item',
      'clear_done',
    ]);
    expect(JSON.parse(JSON.stringify(editor))).toEqual(editor);
  });
});

describe('one manifest entry, rendered for MCP and WebMCP', () => {
  const entry = toolManifestEntry(addItem);

  it('renders an MCP tools/list entry with all four hints', () => {
    expect(toMcpTool(entry)).toEqual({
      name: 'add_item',
      title: 'Add item',
      description: addItem.description,
      inputSchema: addItem.inputSchema,
      outputSchema: addItem.outputSchema,
      annotations: {
        destructiveHint: false,
        openWorldHint: false,
      },
    });
  });

  it('renders a WebMCP registerTool descriptor with the same name, description, schema and readOnlyHint', () => {
    const web = toWebMcpTool(entry);
    expect(web).toEqual({
      name: 'add_item',
      title: 'Add item',
      description: addItem.description,
      inputSchema: addItem.inputSchema,
      annotations: { readOnlyHint: false, untrustedContentHint: false },
    });
    expect(toWebMcpTool(toolManifestEntry(listItems)).annotations.readOnlyHint).toBe(
      toMcpTool(toolManifestEntry(listItems)).annotations.readOnlyHint ?? false,
    );
  });
});
