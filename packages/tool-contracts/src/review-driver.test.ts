import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { TodoEditor, todoCatalog } from '../test/todo-editor.ts';
import { createToolPipeline } from './invoke.ts';
import {
  type ApplyOutcome,
  createReviewDriver,
  type ReviewAuditEvent,
  type ReviewHost,
} from './review-driver.ts';
import type { ReviewSession } from './review-session.ts';
import { toolError } from './tool-error.ts';

type Proposal = { title: string };

/** A target that counts its revision and records every write, with the session that made it. */
class Target {
  revision = 0;
  writes: string[] = [];
  touch(): void {
    this.revision += 1;
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function hostFor(target: Target, overrides: Partial<ReviewHost<Proposal, string>> = {}) {
  const host: ReviewHost<Proposal, string> = {
    plan: (proposal) => ({
      ok: true,
      preview: `add ${proposal.title}`,
      revision: `r${target.revision}`,
    }),
    currentRevision: () => `r${target.revision}`,
    apply: (session): ApplyOutcome => {
      target.writes.push(session.id);
      target.touch();
      return {
        ok: true,
        revision_after: `r${target.revision}`,
        changed: [`item:${session.proposal.title}`],
      };
    },
    ...overrides,
  };
  return host;
}

function setup(overrides: Partial<ReviewHost<Proposal, string>> = {}) {
  const target = new Target();
  let ids = 0;
  let seconds = 0;
  const changes: ReviewSession<unknown, unknown>[] = [];
  const driver = createReviewDriver(hostFor(target, overrides), {
    newId: () => `id-${++ids}`,
    now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds++)).toISOString(),
    onChange: (session) => changes.push(session),
  });
  return { target, driver, changes };
}

const states = (session: ReviewSession<unknown, unknown>) => [
  session.history[0]?.from,
  ...session.history.map((entry) => entry.to),
];

describe('a review that is accepted', () => {
  it('plans, previews, waits for the user, then applies once', async () => {
    const { target, driver, changes } = setup();
    const session = driver.open('add_item', { title: 'Tea' });
    expect(session).toMatchObject({ id: 'id-1', call_id: 'id-2', state: 'draft', mode: 'review' });
    expect((await driver.plan(session.id)).session).toMatchObject({
      state: 'previewing',
      preview: 'add Tea',
      base_revision: 'r0',
    });
    expect(driver.present(session.id).session.state).toBe('awaiting_user');
    const accepted = await driver.accept(session.id);
    expect(accepted.ok).toBe(true);
    expect(accepted.session).toMatchObject({
      state: 'applied',
      revision_after: 'r1',
      changed: ['item:Tea'],
    });
    expect(target.writes).toEqual([session.id]);
    expect(states(accepted.session)).toEqual([
      'draft',
      'planning',
      'previewing',
      'awaiting_user',
      'accepted',
      'applying',
      'applied',
    ]);
    expect(changes.map((change) => change.state)).toEqual([
      'draft',
      'planning',
      'previewing',
      'awaiting_user',
      'accepted',
      'applying',
      'applied',
    ]);
    expect(driver.get(session.id)).toBe(accepted.session);
  });
});

describe('reject and abort', () => {
  it('reject ends the review without writing', async () => {
    const { target, driver } = setup();
    const { id } = driver.open('add_item', { title: 'Tea' });
    await driver.plan(id);
    driver.present(id);
    expect(driver.reject(id).session.state).toBe('rejected');
    const late = await driver.accept(id);
    expect(late.ok).toBe(false);
    expect(!late.ok && late.refusal.message).toBe('Cannot accept a session that is rejected.');
    expect(target.writes).toEqual([]);
  });

  it('abort is possible in every state before applying, and never writes', async () => {
    for (const steps of [0, 1, 2, 3]) {
      const { target, driver } = setup();
      const { id } = driver.open('add_item', { title: 'Tea' });
      if (steps >= 1) await driver.plan(id);
      if (steps >= 2) driver.present(id);
      expect(driver.abort(id).session.state).toBe('aborted');
      expect((await driver.accept(id)).ok).toBe(false);
      expect(target.writes).toEqual([]);
    }
  });

  it('an abort while planning wins over the late plan', async () => {
    const gate = deferred<void>();
    const { driver } = setup({
      plan: async () => {
        await gate.promise;
        return { ok: true, preview: 'late', revision: 'r0' };
      },
    });
    const { id } = driver.open('add_item', { title: 'Tea' });
    const planning = driver.plan(id);
    driver.abort(id);
    gate.resolve();
    const step = await planning;
    expect(step.ok).toBe(false);
    expect(driver.get(id)).toMatchObject({ state: 'aborted', preview: null });
  });

  it('an abort during the accept check stops the write', async () => {
    const gate = deferred<string>();
    const { target, driver } = setup({ currentRevision: () => gate.promise });
    const { id } = driver.open('add_item', { title: 'Tea' });
    await driver.plan(id);
    driver.present(id);
    const accepting = driver.accept(id);
    expect(driver.get(id).state).toBe('accepted');
    expect(driver.abort(id).session.state).toBe('aborted');
    gate.resolve(`r${target.revision}`);
    expect((await accepting).ok).toBe(false);
    expect(driver.get(id).state).toBe('aborted');
    expect(target.writes).toEqual([]);
  });
});

describe('staleness on accept', () => {
  it('turns stale, without writing, when the target changed after planning', async () => {
    const { target, driver } = setup();
    const { id } = driver.open('add_item', { title: 'Tea' });
    await driver.plan(id);
    driver.present(id);
    target.touch();
    const step = await driver.accept(id);
    expect(step.session).toMatchObject({
      state: 'stale',
      base_revision: 'r0',
      revision_after: 'r1',
    });
    expect(step.session.error?.code).toBe('stale_revision');
    expect(target.writes).toEqual([]);
  });

  it("asks the host's isStale instead when it has one (staleness judged on the range)", async () => {
    const { target, driver } = setup({ isStale: () => false });
    const { id } = driver.open('add_item', { title: 'Tea' });
    await driver.plan(id);
    driver.present(id);
    target.touch();
    expect((await driver.accept(id)).session.state).toBe('applied');
    expect(target.writes).toEqual([id]);
  });

  it('turns stale when apply itself finds the target changed', async () => {
    const { target, driver } = setup({
      apply: () => ({ ok: false, error: toolError('stale_revision', 'Changed under us.') }),
    });
    const { id } = driver.open('add_item', { title: 'Tea' });
    await driver.plan(id);
    driver.present(id);
    const step = await driver.accept(id);
    expect(step.session).toMatchObject({ state: 'stale', error: { message: 'Changed under us.' } });
    expect(target.writes).toEqual([]);
  });
});

describe('failures', () => {
  it('fails when planning fails or throws', async () => {
    const refused = setup({
      plan: () => ({ ok: false, error: toolError('nothing_changed', 'Does not fit.') }),
    });
    const a = refused.driver.open('add_item', { title: 'Tea' });
    expect((await refused.driver.plan(a.id)).session).toMatchObject({
      state: 'failed',
      error: { code: 'nothing_changed' },
    });
    const throwing = setup({
      plan: () => {
        throw new Error('parser crashed');
      },
    });
    const b = throwing.driver.open('add_item', { title: 'Tea' });
    expect((await throwing.driver.plan(b.id)).session.error).toEqual({
      code: 'internal',
      message: 'Planning failed unexpectedly.',
      problems: [
        {
          message: 'The host stopped with an internal error.',
          hint: 'Retry to plan again; if it fails again, report it.',
        },
      ],
    });
  });

  it('never shows what was thrown; the audit receives it, and an audit that throws changes nothing', async () => {
    const secret = 'password=hunter2 at db.internal:5432';
    const audited: ReviewAuditEvent[] = [];
    for (const failing of ['plan', 'check', 'apply'] as const) {
      const target = new Target();
      let planned = false;
      const host = hostFor(target, {
        plan: (proposal) => {
          if (failing === 'plan') throw new Error(secret);
          return { ok: true, preview: `add ${proposal.title}`, revision: `r${target.revision}` };
        },
        currentRevision: () => {
          if (failing === 'check' && target.writes.length === 0 && planned) throw new Error(secret);
          return `r${target.revision}`;
        },
        apply: () => {
          throw new Error(secret);
        },
      });
      const driver = createReviewDriver(host, {
        audit: (event) => {
          audited.push(event);
          throw new Error('audit sink down');
        },
      });
      const { id } = driver.open('add_item', { title: 'Tea' });
      await driver.plan(id);
      planned = true;
      driver.present(id);
      const session = failing === 'plan' ? driver.get(id) : (await driver.accept(id)).session;

      expect(session).toMatchObject({ state: 'failed', error: { code: 'internal' } });
      expect(JSON.stringify(session)).not.toContain('hunter2');
      expect(audited.at(-1)).toMatchObject({
        session_id: id,
        call_id: session.call_id,
        tool: 'add_item',
        stage: failing,
      });
      expect(audited.at(-1)?.detail).toContain(`Error: ${secret}`);
    }
    expect(audited).toHaveLength(3);
  });

  it('fails when apply fails or throws', async () => {
    for (const apply of [
      () => ({ ok: false as const, error: toolError('limit_exceeded', 'Too big.') }),
      () => {
        throw new Error('transaction aborted');
      },
    ]) {
      const { driver } = setup({ apply });
      const { id } = driver.open('add_item', { title: 'Tea' });
      await driver.plan(id);
      driver.present(id);
      expect((await driver.accept(id)).session.state).toBe('failed');
    }
  });
});

describe('accept never skips the staleness check', () => {
  it('throws at creation for a host with neither currentRevision nor isStale', () => {
    const { currentRevision: _omitted, ...host } = hostFor(new Target());
    expect(() => createReviewDriver(host)).toThrow(TypeError);
    expect(() => createReviewDriver({ ...host, isStale: () => false })).not.toThrow();
  });

  it('refuses to accept a plan without a revision, and writes nothing', async () => {
    const { target, driver } = setup({
      plan: (proposal) => ({ ok: true, preview: `add ${proposal.title}`, revision: null }),
    });
    const { id } = driver.open('add_item', { title: 'Tea' });
    await driver.plan(id);
    driver.present(id);
    target.touch();
    const step = await driver.accept(id);
    expect(step.ok).toBe(false);
    expect(!step.ok && step.refusal).toMatchObject({ code: 'no_revision', action: 'accept' });
    expect(step.session.state).toBe('awaiting_user');
    expect(target.writes).toEqual([]);
    expect(driver.reject(id).session.state).toBe('rejected');
  });

  it('ends failed (internal), not stale, when currentRevision throws', async () => {
    const { target, driver } = setup({
      currentRevision: () => {
        throw new Error('connection lost');
      },
      plan: (proposal) => ({ ok: true, preview: `add ${proposal.title}`, revision: 'r0' }),
    });
    const { id } = driver.open('add_item', { title: 'Tea' });
    await driver.plan(id);
    driver.present(id);
    const step = await driver.accept(id);
    expect(step.session.state).toBe('failed');
    expect(step.session.error?.code).toBe('internal');
    expect(step.session.history.at(-1)).toMatchObject({ action: 'check_failed', from: 'accepted' });
    expect(target.writes).toEqual([]);
  });
});

describe('retry', () => {
  it('makes a new session with a new call id from one that ended without applying', async () => {
    const { target, driver } = setup();
    const first = driver.open('add_item', { title: 'Tea' });
    await driver.plan(first.id);
    driver.present(first.id);
    target.touch();
    await driver.accept(first.id);
    const retried = driver.retry(first.id);
    expect(retried.ok).toBe(true);
    expect(retried.session).toMatchObject({
      state: 'draft',
      retry_of: first.id,
      proposal: { title: 'Tea' },
      tool: 'add_item',
    });
    expect(retried.session.id).not.toBe(first.id);
    expect(retried.session.call_id).not.toBe(first.call_id);
    expect(driver.get(first.id).state).toBe('stale');
    expect(driver.retry(first.id, { title: 'Green tea' }).session.proposal).toEqual({
      title: 'Green tea',
    });
  });

  it('refuses to retry a session that applied or is still open', async () => {
    const { driver } = setup();
    const open = driver.open('add_item', { title: 'Tea' });
    expect(driver.retry(open.id).ok).toBe(false);
    await driver.plan(open.id);
    driver.present(open.id);
    await driver.accept(open.id);
    const refused = driver.retry(open.id);
    expect(!refused.ok && refused.refusal.message).toMatch(/this one is applied/);
  });
});

describe('a host that applies at once', () => {
  it('records the same shape as a review, in mode immediate', async () => {
    const { target, driver } = setup();
    const session = await driver.applyNow('add_item', { title: 'Tea' });
    expect(session).toMatchObject({ mode: 'immediate', state: 'applied', changed: ['item:Tea'] });
    expect(states(session)).toEqual([
      'draft',
      'planning',
      'previewing',
      'awaiting_user',
      'accepted',
      'applying',
      'applied',
    ]);
    expect(Object.keys(session).sort()).toEqual(
      Object.keys(driver.open('x', { title: '' })).sort(),
    );
    expect(target.writes).toEqual([session.id]);
  });

  it('stops at failed when planning fails', async () => {
    const { driver, target } = setup({
      plan: () => ({ ok: false, error: toolError('nothing_changed', 'No.') }),
    });
    expect((await driver.applyNow('add_item', { title: 'Tea' })).state).toBe('failed');
    expect(target.writes).toEqual([]);
  });
});

describe('session bookkeeping', () => {
  it('throws for an unknown id and refuses to forget an open session', async () => {
    const { driver } = setup();
    expect(() => driver.get('nope')).toThrow(RangeError);
    const { id } = driver.open('add_item', { title: 'Tea' });
    expect(() => driver.forget(id)).toThrow(/still open/);
    driver.abort(id);
    driver.forget(id);
    expect(() => driver.get(id)).toThrow(RangeError);
  });
});

describe('over the real pipeline (dry run to plan, revision and idempotency key to apply)', () => {
  function editorHost(editor: TodoEditor, withRevision: boolean) {
    const pipeline = createToolPipeline({ catalog: todoCatalog, context: editor });
    const host: ReviewHost<{ id: number }, Record<string, unknown>> = {
      async plan(proposal) {
        const dry = await pipeline.invoke(
          'complete_item',
          { ...proposal, dry_run: true },
          { role: 'editor' },
        );
        return dry.ok
          ? { ok: true, preview: dry.output, revision: dry.revision_after }
          : { ok: false, error: dry.error };
      },
      async apply(session) {
        const call = await pipeline.invoke(
          'complete_item',
          {
            ...session.proposal,
            revision: session.base_revision,
            idempotency_key: session.call_id,
          },
          { role: 'editor' },
        );
        return call.ok
          ? { ok: true, revision_after: call.revision_after, changed: call.changed }
          : { ok: false, error: call.error };
      },
      // Without currentRevision the host must say how staleness is judged:
      // here apply passes base_revision to the tool, which refuses if stale.
      ...(withRevision ? { currentRevision: () => editor.revision() } : { isStale: () => false }),
    };
    return createReviewDriver(host);
  }

  it('applies a fresh plan and ends stale when a collaborator edited in between', async () => {
    for (const withRevision of [true, false]) {
      const editor = new TodoEditor();
      editor.add('Tea');
      const driver = editorHost(editor, withRevision);
      const { id } = driver.open('complete_item', { id: 1 });
      await driver.plan(id);
      driver.present(id);
      editor.touch();
      const step = await driver.accept(id);
      expect(step.session.state).toBe('stale');
      expect(editor.items[0]?.done).toBe(false);
      expect(editor.runs).toEqual(
        withRevision ? ['complete_item'] : ['complete_item', 'complete_item'],
      );

      const retry = driver.retry(id);
      await driver.plan(retry.session.id);
      driver.present(retry.session.id);
      expect((await driver.accept(retry.session.id)).session).toMatchObject({
        state: 'applied',
        changed: ['item:1'],
      });
      expect(editor.items[0]?.done).toBe(true);
    }
  });
});

type Op =
  | { kind: 'open' }
  | { kind: 'plan' | 'present' | 'accept' | 'reject' | 'abort' | 'retry'; pick: number }
  | { kind: 'touch' };

/** Mostly steps forward on a few sessions, so sequences often reach accept, with edits and exits mixed in. */
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'open' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'touch' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('plan' as const, 'present' as const, 'accept' as const),
      pick: fc.nat({ max: 2 }),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('reject' as const, 'abort' as const, 'retry' as const),
      pick: fc.nat({ max: 2 }),
    }),
    weight: 2,
  },
);

describe('laws of review', () => {
  test.prop(
    [fc.array(op, { minLength: 4, maxLength: 40 }), fc.array(fc.boolean(), { maxLength: 40 })],
    {
      numRuns: 300,
    },
  )(
    'no sequence of review actions writes after reject or abort, and accept after a change ends stale',
    async (ops, applyResults) => {
      const target = new Target();
      let attempt = 0;
      const driver = createReviewDriver(
        hostFor(target, {
          apply: (session) => {
            const succeeds = applyResults[attempt++ % Math.max(1, applyResults.length)] ?? true;
            if (!succeeds) return { ok: false, error: toolError('internal', 'Broke.') };
            target.writes.push(session.id);
            target.touch();
            return { ok: true, revision_after: `r${target.revision}`, changed: [] };
          },
        }),
      );
      const ids = [
        driver.open('add_item', { title: 'Tea' }).id,
        driver.open('add_item', { title: 'Milk' }).id,
      ];
      const endedWithoutWriting = new Set<string>();
      for (const next of ops) {
        if (next.kind === 'open') {
          ids.push(driver.open('add_item', { title: 'Tea' }).id);
          continue;
        }
        if (next.kind === 'touch') {
          target.touch();
          continue;
        }
        const id = ids[next.pick % Math.max(1, ids.length)];
        if (id === undefined) continue;
        const before = driver.get(id);
        const writesBefore = target.writes.length;
        if (next.kind === 'plan') await driver.plan(id);
        if (next.kind === 'present') driver.present(id);
        if (next.kind === 'reject' || next.kind === 'abort') {
          const step = next.kind === 'reject' ? driver.reject(id) : driver.abort(id);
          if (step.ok) endedWithoutWriting.add(id);
        }
        if (next.kind === 'retry') {
          const step = driver.retry(id);
          if (step.ok) ids.push(step.session.id);
        }
        if (next.kind === 'accept') {
          const changed =
            before.state === 'awaiting_user' && before.base_revision !== `r${target.revision}`;
          const step = await driver.accept(id);
          if (changed) {
            expect(step.session.state).toBe('stale');
            expect(target.writes.length).toBe(writesBefore);
          }
        }
        if (next.kind !== 'accept') expect(target.writes.length).toBe(writesBefore);
      }
      for (const id of endedWithoutWriting) {
        expect(target.writes).not.toContain(id);
        expect(['rejected', 'aborted']).toContain(driver.get(id).state);
      }
      for (const id of target.writes) expect(driver.get(id).state).toBe('applied');
      expect(new Set(target.writes).size).toBe(target.writes.length);
    },
  );

  test.prop([fc.scheduler()])(
    "racing abort, accept and a collaborator's edit never writes once the abort is taken or the target changed",
    async (s) => {
      const target = new Target();
      const driver = createReviewDriver(
        hostFor(target, {
          currentRevision: () => s.schedule(Promise.resolve(`r${target.revision}`), 'revision'),
          apply: async (session) => {
            await s.schedule(Promise.resolve(), 'apply');
            target.writes.push(session.id);
            target.touch();
            return { ok: true, revision_after: `r${target.revision}`, changed: [] };
          },
        }),
      );
      const { id } = driver.open('add_item', { title: 'Tea' });
      await driver.plan(id);
      driver.present(id);
      let abortTaken = false;
      let changedBeforeAccept = false;
      // Each action starts when the scheduler releases it, interleaved with the host's own awaits.
      const all = Promise.all([
        s.schedule(Promise.resolve(), 'abort').then(() => {
          abortTaken = driver.abort(id).ok;
        }),
        s.schedule(Promise.resolve(), 'edit').then(() => target.touch()),
        s.schedule(Promise.resolve(), 'accept').then(() => {
          changedBeforeAccept = target.revision !== 0;
          return driver.accept(id);
        }),
      ]);
      await s.waitAll();
      await all;
      const final = driver.get(id).state;
      expect(['aborted', 'stale', 'applied']).toContain(final);
      if (abortTaken) expect(final).toBe('aborted');
      else if (changedBeforeAccept) expect(final).toBe('stale');
      expect(target.writes).toEqual(final === 'applied' ? [id] : []);
    },
  );
});
