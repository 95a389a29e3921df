import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId } from './call-id.ts';

describe('newId', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('makes a UUID each time where the runtime has crypto.randomUUID', () => {
    const ids = new Set(Array.from({ length: 100 }, () => newId()));
    expect(ids.size).toBe(100);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('still makes distinct ids on a runtime without crypto.randomUUID', () => {
    vi.stubGlobal('crypto', {});
    const ids = new Set(Array.from({ length: 100 }, () => newId()));
    expect(ids.size).toBe(100);
    expect([...ids][0]).toMatch(/^id_/);
  });
});
