import { describe, expect, it } from 'vitest';
import { type FailureCause, isUntouched, toAuditEvent, toInvocation } from './call-outcome.ts';
import { NOTHING_WAS_CHANGED, toolError } from './tool-error.ts';

describe('whether a failed call left the target untouched', () => {
  it('is one rule: refusals are untouched, a broken call only if the revision is known and did not move', () => {
    const revisions = [
      { before: 'r1', after: 'r1' },
      { before: 'r1', after: 'r2' },
      { before: null, after: null },
    ];
    const untouched = (cause: FailureCause) => revisions.map((r) => isUntouched(cause, r));
    expect(untouched('not-run')).toEqual([true, true, true]);
    expect(untouched('refused-by-tool')).toEqual([true, true, true]);
    expect(untouched('broke')).toEqual([true, false, false]);
    expect(untouched('broke-before')).toEqual([false, false, false]);
  });
});

describe('the two views of an outcome', () => {
  const failure = {
    ok: false as const,
    error: toolError('internal', 'bump failed unexpectedly.'),
    cause: 'broke' as const,
    revisions: { before: 'r1', after: 'r1' },
    dry_run: false,
    detail: 'Error: secret at host.ts:1',
  };

  it('shows the caller no detail, and says nothing changed for an untouched write', () => {
    const invocation = toInvocation({ name: 'bump', call_id: 'c1', write: true }, failure);
    expect(invocation).toMatchObject({ ok: false, untouched: true, tool: 'bump', call_id: 'c1' });
    expect(JSON.stringify(invocation)).not.toContain('secret');
    expect(invocation.result.content[0]?.text.startsWith(NOTHING_WAS_CHANGED)).toBe(true);
  });

  it('gives the audit the detail, and no changes for a replay', () => {
    const call = {
      tool: 'bump',
      call_id: 'c1',
      role: 'editor',
      argument_digest: null,
      started_at: '2026-01-01T00:00:00.000Z',
      duration_ms: 1,
    };
    expect(toAuditEvent(call, failure)).toMatchObject({
      status: 'error',
      error_code: 'internal',
      detail: 'Error: secret at host.ts:1',
    });
    const replayed = toAuditEvent(call, {
      ok: true,
      output: {},
      changed: ['item:1'],
      revisions: { before: 'r2', after: 'r2' },
      dry_run: false,
      replay_of: 'c0',
    });
    expect(replayed).toMatchObject({ status: 'replayed', replay_of: 'c0', changed: [] });
  });
});

describe('the audit event', () => {
  const call = {
    tool: 'bump',
    call_id: 'c1',
    role: 'editor',
    argument_digest: '0123456789abcdef',
    started_at: '2026-01-01T00:00:00.000Z',
    duration_ms: 1,
  };
  const revisions = { before: 'r1', after: 'r2' };

  it('lists its fields in one order, whatever the outcome', () => {
    const scope = { label: 'measures 1-4', data: { measures: { start: 1, end: 4 } } };
    const ok = toAuditEvent(
      { ...call, scope },
      {
        ok: true,
        output: {},
        changed: ['item:1'],
        revisions,
        dry_run: false,
      },
    );
    expect(JSON.stringify(ok)).toBe(
      '{"tool":"bump","call_id":"c1","role":"editor","scope":{"label":"measures 1-4","data":{"measures":{"start":1,"end":4}}},"argument_digest":"0123456789abcdef","started_at":"2026-01-01T00:00:00.000Z","duration_ms":1,"status":"ok","dry_run":false,"revision_before":"r1","revision_after":"r2","changed":["item:1"]}',
    );
    const failed = toAuditEvent(
      { ...call, scope: undefined },
      {
        ok: false,
        error: toolError('internal', 'bump failed.'),
        cause: 'broke',
        revisions,
        dry_run: true,
        detail: 'Error: at host.ts:1',
        replay_of: 'c0',
      },
    );
    expect(JSON.stringify(failed)).toBe(
      '{"tool":"bump","call_id":"c1","role":"editor","argument_digest":"0123456789abcdef","started_at":"2026-01-01T00:00:00.000Z","duration_ms":1,"status":"replayed","error_code":"internal","replay_of":"c0","dry_run":true,"revision_before":"r1","revision_after":"r2","changed":[],"detail":"Error: at host.ts:1"}',
    );
    expect('scope' in failed).toBe(false);
  });
});
