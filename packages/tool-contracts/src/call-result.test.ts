import { describe, expect, it } from 'vitest';
import { errorResult, successResult } from './call-result.ts';
import { toolError } from './tool-error.ts';

describe('call results in the MCP CallToolResult shape', () => {
  it('carries a success as structured content and as its JSON text', () => {
    expect(successResult({ id: 3, tags: ['a'] })).toEqual({
      content: [{ type: 'text', text: '{"id":3,"tags":["a"]}' }],
      structuredContent: { id: 3, tags: ['a'] },
      isError: false,
    });
  });

  it('carries a failure as text only, marked as an error', () => {
    const error = toolError('not_found', 'There is no item 7.', [
      { path: 'id', message: 'No item 7.' },
    ]);
    expect(errorResult(error, true)).toEqual({
      content: [
        { type: 'text', text: 'Nothing was changed.\nThere is no item 7.\n- id: No item 7.' },
      ],
      isError: true,
    });
    expect(errorResult(error, false).content[0]?.text).toBe(
      'There is no item 7.\n- id: No item 7.',
    );
  });
});
