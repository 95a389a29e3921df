import { describe, expect, it } from 'vitest';
import { documentSourceFrom } from './document-source.ts';

describe('documentSourceFrom', () => {
  it('opens the example on its own when the URL names no document', () => {
    expect(documentSourceFrom('')).toEqual({ kind: 'standalone' });
    expect(documentSourceFrom('?zoom=2')).toEqual({ kind: 'standalone' });
  });

  it('joins a named document with its token', () => {
    expect(documentSourceFrom('?doc=ode&token=t%2F1')).toEqual({
      kind: 'collab',
      name: 'ode',
      token: 't/1',
    });
  });

  it('says what is missing from a half link', () => {
    const noToken = documentSourceFrom('?doc=ode');
    expect(noToken).toMatchObject({ kind: 'invalid' });
    expect(noToken.kind === 'invalid' && noToken.message).toMatch(/"ode" but has no token/);
    expect(documentSourceFrom('?token=t1')).toMatchObject({
      kind: 'invalid',
      message: expect.stringMatching(/no document: open it as \?doc=NAME&token=TOKEN/),
    });
  });
});
