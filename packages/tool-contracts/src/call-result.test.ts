import { describe, expect, it } from 'vitest';
import { errorResult, successResult } from './call-result.ts';
import { MAY_HAVE_CHANGED, toolError } from './tool-error.ts';

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

  it('ends a failure with the revision now, in the text and in _meta, when there is one', () => {
    const error = toolError('stale_revision', 'The list changed since your read.');
    expect(errorResult(error, true, false, 'r4')).toEqual({
      content: [
        {
          type: 'text',
          text: 'Nothing was changed.\nThe list changed since your read.\nRevision now: r4.',
        },
      ],
      isError: true,
      _meta: { revision: 'r4' },
    });
    expect(errorResult(error, false, true, 'r5').content[0]?.text.split('\n')).toEqual([
      'The list changed since your read.',
      MAY_HAVE_CHANGED,
      'Revision now: r5.',
    ]);
  });
});
