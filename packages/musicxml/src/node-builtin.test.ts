import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { nodeBuiltin } from './node-builtin.ts';

describe('nodeBuiltin', () => {
  it("gives Node's own module under Node, the same object each time", () => {
    const found = nodeBuiltin<typeof zlib>('node:zlib');
    expect(found?.inflateRawSync).toBe(zlib.inflateRawSync);
    expect(nodeBuiltin('node:zlib')).toBe(found);
  });

  it('gives null for a module the runtime does not have', () => {
    expect(nodeBuiltin('node:no-such-module')).toBeNull();
  });
});
