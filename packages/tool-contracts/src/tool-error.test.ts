import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  formatToolError,
  isToolError,
  isToolErrorCode,
  MAX_LISTED_PROBLEMS,
  NOTHING_WAS_CHANGED,
  TOOL_ERROR_CODES,
  type ToolError,
  toolError,
} from './tool-error.ts';

describe('toolError', () => {
  it('builds an error of every documented code', () => {
    for (const code of TOOL_ERROR_CODES) {
      const error = toolError(code, 'Something happened.', [{ message: 'Detail.' }]);
      expect(error).toEqual({
        code,
        message: 'Something happened.',
        problems: [{ message: 'Detail.' }],
      });
      expect(isToolError(error)).toBe(true);
    }
  });

  it('documents exactly the eight codes of the contract', () => {
    expect([...TOOL_ERROR_CODES].sort()).toEqual([
      'internal',
      'invalid_arguments',
      'limit_exceeded',
      'not_found',
      'nothing_changed',
      'out_of_scope',
      'permission_denied',
      'stale_revision',
    ]);
  });

  it('throws on an unknown code or an empty message, which are caller bugs', () => {
    expect(() => toolError('oops' as 'internal', 'x')).toThrow(TypeError);
    expect(() => toolError('internal', '  ')).toThrow(/non-empty message/);
    expect(() => toolError('internal', 'x', [{} as { message: string }])).toThrow(/string message/);
  });

  it('leaves out absent path and hint instead of writing undefined', () => {
    const error = toolError('not_found', 'No item.', [{ message: 'No item 7.' }]);
    expect(Object.keys(error.problems[0]!)).toEqual(['message']);
  });
});

describe('isToolErrorCode and isToolError', () => {
  it('recognise only the documented shapes', () => {
    expect(isToolErrorCode('stale_revision')).toBe(true);
    expect(isToolErrorCode('stale')).toBe(false);
    expect(isToolError({ code: 'internal', message: 'x', problems: [] })).toBe(true);
    expect(isToolError({ code: 'internal', message: 'x' })).toBe(false);
    expect(isToolError({ code: 'internal', message: 'x', problems: [{ path: 'a' }] })).toBe(false);
    expect(isToolError(new Error('boom'))).toBe(false);
    expect(isToolError(null)).toBe(false);
  });
});

describe('formatToolError', () => {
  const error: ToolError = toolError('invalid_arguments', '2 problems with the arguments.', [
    { path: 'count', message: 'Expected an integer.', hint: 'Use a whole number.' },
    { message: 'The call as a whole is too large.' },
  ]);

  it('starts a refused write with exactly "Nothing was changed." and lists every problem on its own line', () => {
    const text = formatToolError(error, { nothingChanged: true });
    expect(text.startsWith(`${NOTHING_WAS_CHANGED}\n`)).toBe(true);
    expect(text.split('\n')).toEqual([
      'Nothing was changed.',
      '2 problems with the arguments.',
      '- count: Expected an integer. Hint: Use a whole number.',
      '- The call as a whole is too large.',
    ]);
  });

  it('does not claim nothing changed unless told so', () => {
    expect(formatToolError(error).startsWith('2 problems')).toBe(true);
  });
});

describe('formatToolError keeps long error lists readable', () => {
  test.prop([fc.nat({ max: 300 }), fc.string({ minLength: 1, maxLength: 200 })])(
    'lists at most the first 50 problems, then how many more, and each hint once',
    (count, hint) => {
      const problems = Array.from({ length: count }, (_, index) => ({
        path: `items[${index}]`,
        message: 'Expected number.',
        hint,
      }));
      const lines = formatToolError(toolError('invalid_arguments', 'Bad.', problems)).split('\n');
      const listed = Math.min(count, MAX_LISTED_PROBLEMS);
      expect(lines.slice(1, 1 + listed)).toEqual(
        problems
          .slice(0, listed)
          .map((p, index) => `- ${p.path}: ${p.message}${index === 0 ? ` Hint: ${hint}` : ''}`),
      );
      expect(lines.slice(1 + listed)).toEqual(
        count > listed
          ? [`- … and ${count - listed} more problem${count - listed === 1 ? '' : 's'}.`]
          : [],
      );
    },
  );
});
