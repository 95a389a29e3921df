import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { argumentProblems, formatPath } from './argument-problems.ts';
import { strictInput } from './strict-input.ts';

const schema = z
  .object({
    start: z.number().int().min(1),
    mode: z.enum(['fast', 'exact']),
    tags: z.array(z.string()).max(2).optional(),
    range: z.object({ from: z.number(), to: z.number() }).strict().optional(),
  })
  .strict();

function problemsFor(args: unknown) {
  const parsed = schema.safeParse(args);
  if (parsed.success) throw new Error('expected the arguments to be invalid');
  return argumentProblems(parsed.error.issues, args, schema);
}

describe('formatPath', () => {
  it('writes paths as an agent would', () => {
    expect(formatPath(['items', 2, 'title'])).toBe('items[2].title');
    expect(formatPath([0])).toBe('[0]');
    expect(formatPath([])).toBeUndefined();
  });
});

describe('argumentProblems', () => {
  it('names each bad field and what was expected, in one pass', () => {
    expect(
      problemsFor({
        start: 0.5,
        mode: 'slow',
        tags: ['a', 2],
        extra: true,
        range: { from: 1, to: 'x', by: 2 },
      }),
    ).toEqual([
      { path: 'start', message: 'Expected integer, received 0.5.' },
      { path: 'mode', message: 'Expected one of "fast", "exact"; received "slow".' },
      { path: 'tags[1]', message: 'Expected string, received 2.' },
      { path: 'range.to', message: 'Expected number, received "x".' },
      { path: 'range.by', message: 'Unknown field.', hint: 'Fields here: from, to.' },
      { path: 'extra', message: 'Unknown field.', hint: 'Fields here: start, mode, tags, range.' },
    ]);
  });

  it('says a required field is missing rather than "received undefined"', () => {
    expect(problemsFor({ mode: 'fast' })).toEqual([
      { path: 'start', message: 'Missing required field; expected number.' },
    ]);
  });

  it('reports arguments that are not an object as a problem of the whole call', () => {
    expect(problemsFor([1])).toEqual([
      { message: 'Expected an object of arguments, received an array.' },
    ]);
    expect(problemsFor(null)).toEqual([
      { message: 'Expected an object of arguments, received null.' },
    ]);
  });

  it("keeps zod's own wording for range checks and adds what was received", () => {
    expect(problemsFor({ start: 1, mode: 'fast', tags: ['a', 'b', 'c'] })).toEqual([
      {
        path: 'tags',
        message: 'Too big: expected array to have <=2 items. Received ["a","b","c"].',
      },
    ]);
  });
});

describe('argumentProblems for unions', () => {
  const unions = z
    .object({
      target: z.union([z.number().int(), z.enum(['all', 'none'])]),
      interval: z.union([z.literal('M3'), z.literal('P4')]),
      at: z.union([z.object({ beat: z.number() }).strict(), z.string()]).optional(),
    })
    .strict();
  const problems = (args: unknown) => {
    const parsed = unions.safeParse(args);
    if (parsed.success) throw new Error('expected the arguments to be invalid');
    return argumentProblems(parsed.error.issues, args, unions);
  };

  it('says what every option accepts and what was received', () => {
    expect(problems({ target: 'some', interval: 'M9' })).toEqual([
      { path: 'target', message: 'Expected an integer, or one of "all", "none"; received "some".' },
      { path: 'interval', message: 'Expected one of "M3", "P4"; received "M9".' },
    ]);
    expect(problems({ target: 1.5, interval: 'M3' })).toEqual([
      { path: 'target', message: 'Expected an integer, or one of "all", "none"; received 1.5.' },
    ]);
  });

  it('says "missing" for a missing required union field', () => {
    expect(problems({})).toEqual([
      {
        path: 'target',
        message: 'Missing required field; expected an integer, or one of "all", "none".',
      },
      { path: 'interval', message: 'Missing required field; expected one of "M3", "P4".' },
    ]);
  });

  it('says which fields an object option needs or does not take', () => {
    const shapes = z.object({
      target: z.union([z.object({ part: z.number() }), z.object({ all: z.literal(true) })]),
    });
    const problemsOf = (args: unknown) => {
      const parsed = strictInput(shapes).safeParse(args);
      if (parsed.success) throw new Error('expected the arguments to be invalid');
      return argumentProblems(parsed.error.issues, args, strictInput(shapes));
    };
    expect(problemsOf({ target: {} })).toEqual([
      {
        path: 'target',
        message: 'Expected an object with part, or an object with all; received {}.',
      },
    ]);
    expect(problemsOf({ target: { part: 1, all: true } })).toEqual([
      {
        path: 'target',
        message:
          'Expected an object without "all", or an object without "part"; received {"part":1,"all":true}.',
      },
    ]);
  });

  it('names what was wrong inside an option the value got past the type of', () => {
    expect(problems({ target: 'all', interval: 'M3', at: { beat: 'x' } })).toEqual([
      {
        path: 'at',
        message:
          'Expected a string, or an object where beat: Invalid input: expected number, received string; received {"beat":"x"}.',
      },
    ]);
  });
});

describe('argumentProblems shows non-finite numbers as they are', () => {
  it('says NaN and Infinity, not null', () => {
    const finite = z.object({ ratio: z.number(), scale: z.number() }).strict();
    const args = { ratio: Number.NaN, scale: Number.POSITIVE_INFINITY };
    const parsed = finite.safeParse(args);
    if (parsed.success) throw new Error('expected the arguments to be invalid');
    const messages = argumentProblems(parsed.error.issues, args, finite).map((p) => p.message);
    expect(messages.join(' ')).not.toContain('null');
    expect(messages[0]).toContain('NaN');
    expect(messages[1]).toContain('Infinity');
  });
});
