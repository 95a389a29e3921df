import { describe, expect, it } from 'vitest';
import { resolveAnnotations, toMcpAnnotations, toWebMcpAnnotations } from './annotations.ts';

describe('resolveAnnotations', () => {
  it('makes read tools read-only, non-destructive and idempotent by default', () => {
    expect(resolveAnnotations('read')).toEqual({
      readOnly: true,
      destructive: false,
      idempotent: true,
      openWorld: false,
      untrustedContent: false,
    });
  });

  it('assumes the worst of a write tool unless told otherwise', () => {
    expect(resolveAnnotations('write')).toMatchObject({
      readOnly: false,
      destructive: true,
      idempotent: false,
    });
    expect(resolveAnnotations('write', { destructive: false, idempotent: true })).toMatchObject({
      destructive: false,
      idempotent: true,
    });
  });

  it('throws for a read tool marked destructive', () => {
    expect(() => resolveAnnotations('read', { destructive: true })).toThrow(
      /cannot be destructive/,
    );
  });
});

describe('one source, two renderings', () => {
  const hints = resolveAnnotations('write', { idempotent: true, untrustedContent: true });

  it('renders the MCP hints a client would not assume, without the title the tool itself carries', () => {
    expect(toMcpAnnotations(hints)).toEqual({
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(toMcpAnnotations(resolveAnnotations('write', { destructive: false }))).toEqual({
      destructiveHint: false,
      openWorldHint: false,
    });
    expect(toMcpAnnotations(resolveAnnotations('read'))).toEqual({
      readOnlyHint: true,
      openWorldHint: false,
    });
  });

  it('renders the WebMCP hints, with the same readOnlyHint as MCP', () => {
    const web = toWebMcpAnnotations(hints);
    expect(web).toEqual({ readOnlyHint: false, untrustedContentHint: true });
    // MCP leaves a write tool's readOnlyHint out: its default is false.
    expect(web.readOnlyHint).toBe(toMcpAnnotations(hints).readOnlyHint ?? false);
  });
});
