import { describe, expect, it } from 'vitest';
import { createMemoryIdempotencyStore, type IdempotencyRecord } from './idempotency-store.ts';

const record = (digest: string): IdempotencyRecord => ({
  digest,
  call_id: `call-${digest}`,
  output: { digest },
  revision_after: null,
  changed: [],
});

describe('createMemoryIdempotencyStore', () => {
  it('keeps records per tool and key', () => {
    const store = createMemoryIdempotencyStore();
    store.set('add_item', 'k', record('a'));
    store.set('complete_item', 'k', record('b'));
    expect(store.get('add_item', 'k')).toEqual(record('a'));
    expect(store.get('complete_item', 'k')).toEqual(record('b'));
    expect(store.get('add_item', 'other')).toBeUndefined();
  });

  it('does not confuse a tool and key that run together', () => {
    const store = createMemoryIdempotencyStore();
    store.set('a_b', 'c', record('1'));
    expect(store.get('a', 'b_c')).toBeUndefined();
  });

  it('stays within its limit, dropping the least recently used record first', () => {
    const store = createMemoryIdempotencyStore({ limit: 2 });
    store.set('t', 'one', record('1'));
    store.set('t', 'two', record('2'));
    store.get('t', 'one');
    store.set('t', 'three', record('3'));
    expect(store.size).toBe(2);
    expect(store.get('t', 'two')).toBeUndefined();
    expect(store.get('t', 'one')).toEqual(record('1'));
    expect(store.get('t', 'three')).toEqual(record('3'));
  });

  it('throws for a limit that is not a positive integer', () => {
    expect(() => createMemoryIdempotencyStore({ limit: 0 })).toThrow(RangeError);
    expect(() => createMemoryIdempotencyStore({ limit: 1.5 })).toThrow(RangeError);
  });
});
