import { describe, expect, it } from 'vitest';
import { type AuditEvent, createAuditLog } from './audit.ts';

const event = (call_id: string): AuditEvent => ({
  tool: 'add_item',
  call_id,
  role: 'editor',
  argument_digest: null,
  status: 'ok',
  dry_run: false,
  started_at: '2026-01-01T00:00:00.000Z',
  duration_ms: 0,
  revision_before: 'r0',
  revision_after: 'r1',
  changed: ['item:1'],
});

describe('createAuditLog', () => {
  it('keeps events in order and hands out copies', () => {
    const log = createAuditLog();
    log.sink(event('a'));
    log.sink(event('b'));
    const events = log.events() as AuditEvent[];
    events.pop();
    expect(log.events().map((e) => e.call_id)).toEqual(['a', 'b']);
  });

  it('keeps only the last `limit` events', () => {
    const log = createAuditLog({ limit: 2 });
    for (const id of ['a', 'b', 'c']) log.sink(event(id));
    expect(log.events().map((e) => e.call_id)).toEqual(['b', 'c']);
    expect(() => createAuditLog({ limit: -1 })).toThrow(RangeError);
  });
});
