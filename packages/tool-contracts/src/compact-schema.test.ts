import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { fieldsOnly, withoutSafeIntegerBounds } from './compact-schema.ts';
import { objectJsonSchema } from './json-schema.ts';

const result = z.object({
  status: z.enum(['applied', 'dry_run']),
  count: z.number().int(),
  range: z.object({ start: z.number().int().min(1), end: z.number().int().min(1) }),
  items: z.array(z.object({ id: z.string(), size: z.number().int() })),
  review: z.object({ id: z.string() }).nullable().describe('The review, if any.'),
});

const values = fc.record({
  status: fc.constantFrom('applied' as const, 'dry_run' as const),
  count: fc.integer(),
  range: fc.record({ start: fc.integer({ min: 1 }), end: fc.integer({ min: 1 }) }),
  items: fc.array(fc.record({ id: fc.string(), size: fc.integer() })),
  review: fc.option(fc.record({ id: fc.string() }), { nil: null }),
});

describe('schemas as a listing sends them', () => {
  const full = objectJsonSchema(result, 'output');
  const cut = fieldsOnly(withoutSafeIntegerBounds(full));

  it('drops only the safe-integer bounds, keeping every bound a caller must meet', () => {
    const json = JSON.stringify(withoutSafeIntegerBounds(full));
    expect(JSON.stringify(full)).toContain(String(Number.MAX_SAFE_INTEGER));
    expect(json).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect(json).not.toContain(String(Number.MIN_SAFE_INTEGER));
    expect(withoutSafeIntegerBounds(full).properties?.range).toMatchObject({
      properties: { start: { type: 'integer', minimum: 1 } },
    });
  });

  it('names each field with its type, enum and description, and leaves nested shapes open', () => {
    expect(cut.properties).toEqual({
      status: { type: 'string', enum: ['applied', 'dry_run'] },
      count: { type: 'integer' },
      range: { type: 'object' },
      items: { type: 'array' },
      review: { type: ['object', 'null'], description: 'The review, if any.' },
    });
    expect(cut.required).toEqual(full.required);
  });

  it('accepts every value the full schema accepts, and refuses a wrong field type as it does', () => {
    const ajv = new Ajv2020({ strict: false });
    const checkFull = ajv.compile(full);
    const checkCut = ajv.compile(cut);
    fc.assert(
      fc.property(values, (value) => {
        expect(result.safeParse(value).success).toBe(true);
        expect(checkFull(value)).toBe(true);
        expect(checkCut(value)).toBe(true);
      }),
    );
    const wrong = { status: 'applied', count: 1, range: [], items: [], review: null };
    expect(checkFull(wrong)).toBe(false);
    expect(checkCut(wrong)).toBe(false);
  });
});
