import { fc, test } from '@fast-check/vitest';
import { scoreContent } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { ActivityActor } from './activity-entry.ts';
import {
  ACTIVITY_LOG_ORIGIN,
  ACTIVITY_LOG_ROOT,
  openActivityLog,
  touchesOnlySharedState,
} from './activity-log.ts';
import { createScoreTools } from './create-score-tools.ts';
import { collaboratorOf, odeFixture, stateVector } from './fixtures.test-support.ts';
import { openOversightSettings } from './oversight-settings.ts';

const runs = { numRuns: Number(process.env.FC_NUM_RUNS ?? 40) };
const AGENT: ActivityActor = { kind: 'agent', via: 'webmcp' };

/** A fixture whose tools record into a log on the score's own doc. */
function ode(options: Parameters<typeof odeFixture>[0] = {}) {
  const base = odeFixture();
  const log = openActivityLog(base.doc);
  const tools = createScoreTools({
    score: base.score,
    undo: base.undo,
    activity: { log, by: AGENT },
    ...options,
  });
  return { ...base, tools, log };
}

const M2 = (events: string) => `P1 s1 v1 m2: ${events}\n`;

const rewriteArgs = fc.record({
  start: fc.integer({ min: 1, max: 9 }),
  events: fc.constantFrom('C4=1', 'D4=1/2 E4=1/2', 'C4=1/4', 'H4=1', 'E4=1/3', 'r=1', 'c4=1'),
  allow: fc.boolean(),
});

describe('the activity log on the score’s Y.Doc', () => {
  test.prop([rewriteArgs], runs)(
    'a refused call leaves the state vector byte-identical and logs nothing; an applied one logs one entry',
    async ({ start, events, allow }) => {
      const { tools, doc, log } = ode();
      const vector = stateVector(doc);
      const call = await tools.invoke('rewrite_measures', {
        start_measure: start,
        parts: [1],
        lanes_seq: `P1 s1 v1 m${start}: ${events}\n`,
        allow_measure_count_change: allow,
      });
      if (!call.ok) {
        expect(stateVector(doc)).toBe(vector);
        expect(log.entries()).toEqual([]);
      } else {
        expect(log.entries()).toHaveLength(1);
        expect(log.entries()[0]).toMatchObject({
          tool: 'rewrite_measures',
          by: AGENT,
          client: doc.clientID,
          range: call.output.changed_range,
        });
      }
    },
  );

  it('logs nothing for reads, dry runs and a write of what the score already holds', async () => {
    const { tools, doc, log } = ode();
    const vector = stateVector(doc);
    await tools.invoke('read_measures', { start_measure: 1, end_measure: 2 });
    await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: M2('C4=1'),
      dry_run: true,
    });
    await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: M2('A4=1/4 G4=1/4 F#4=1/4 E4=1/4'),
    });
    expect(stateVector(doc)).toBe(vector);
    expect(log.entries()).toEqual([]);
  });

  test.prop(
    [
      fc.array(
        fc.oneof(
          fc.record({ op: fc.constant('write' as const), measure: fc.integer({ min: 1, max: 8 }) }),
          fc.record({ op: fc.constantFrom('undo' as const, 'redo' as const) }),
        ),
        { minLength: 1, maxLength: 10 },
      ),
    ],
    runs,
  )('undo and redo never remove or restore an entry', async (ops) => {
    const { tools, undo, log, score } = ode();
    let written = 0;
    for (const [index, op] of ops.entries()) {
      const before = log.entries();
      if (op.op === 'write') {
        const events = index % 2 === 0 ? 'C4=1' : 'D4=1/2 E4=1/2';
        const call = await tools.invoke('rewrite_measures', {
          start_measure: op.measure,
          parts: [1],
          lanes_seq: `P1 s1 v1 m${op.measure}: ${events}\n`,
        });
        expect(call.ok).toBe(true);
        const changed = call.ok && call.revision_before !== call.revision_after;
        if (changed) written += 1;
        expect(log.entries()).toHaveLength(Math.min(written, log.cap));
      } else {
        const content = JSON.stringify(scoreContent(score));
        const result = undo[op.op]();
        expect(log.entries()).toEqual(before);
        if (result.ok) expect(JSON.stringify(scoreContent(score))).not.toBe(content);
      }
    }
    while (undo.canUndo()) expect(undo.undo().ok).toBe(true);
    expect(log.entries()).toHaveLength(written);
  });

  it('logs the agent’s own undo as a change of its own', async () => {
    const { tools, log } = ode();
    await tools.invoke('rewrite_measures', { start_measure: 2, parts: [1], lanes_seq: M2('C4=1') });
    const undone = await tools.invoke('undo', {});
    expect(undone.ok).toBe(true);
    expect(log.entries().map((entry) => [entry.tool, entry.summary])).toEqual([
      ['rewrite_measures', '1 unit in m2, part 1'],
      ['undo', 'undid "rewrite_measures from m2, parts 1"'],
    ]);
  });

  it('says how many measures an insertion or a deletion added or removed', async () => {
    const { tools, log } = ode();
    const inserted = await tools.invoke('insert_measures', {
      at_measure: 3,
      count: 2,
      allow_measure_count_change: true,
    });
    expect(inserted.ok).toBe(true);
    const deleted = await tools.invoke('delete_measures', {
      start_measure: 3,
      end_measure: 3,
      allow_measure_count_change: true,
    });
    expect(deleted.ok).toBe(true);
    expect(log.entries().map((entry) => entry.summary)).toEqual([
      expect.stringMatching(/ in m3-m4, parts 1, 2; 2 measures added$/),
      expect.stringMatching(/; 1 measure removed$/),
    ]);
  });

  it('two synced docs see each other’s entries', async () => {
    const { tools, doc, log } = ode();
    const peer = collaboratorOf(doc);
    const peerLog = openActivityLog(peer);
    await tools.invoke('rewrite_measures', { start_measure: 2, parts: [1], lanes_seq: M2('C4=1') });
    peerLog.record({
      by: { kind: 'agent', via: 'mcp' },
      tool: 'transpose_measures',
      summary: '1 unit in m3, part 1',
      range: { start_measure: 3, end_measure: 3, parts: [1] },
      revision: null,
    });
    expect(peerLog.entries()).toEqual(log.entries());
    expect(log.entries().map((entry) => [entry.client, entry.by.via])).toEqual([
      [doc.clientID, 'webmcp'],
      [peer.clientID, 'mcp'],
    ]);
  });

  test.prop([fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 40 })], runs)(
    'the cap holds: a log keeps the newest `cap` entries',
    (cap, count) => {
      const doc = new Y.Doc();
      const log = openActivityLog(doc, { cap });
      for (let index = 0; index < count; index++) {
        log.record({
          by: { kind: 'person', via: 'editor' },
          tool: 'rewrite_measures',
          summary: `edit ${index}`,
          range: null,
          revision: null,
          call_id: `call_${index}`,
        });
      }
      const kept = log.entries();
      expect(kept).toHaveLength(Math.min(cap, count));
      expect(kept.map((entry) => entry.summary)).toEqual(
        Array.from({ length: count }, (_, index) => `edit ${index}`).slice(-cap),
      );
    },
  );

  it('the cap holds across synced docs recording in turn', () => {
    const doc = new Y.Doc();
    const peer = collaboratorOf(doc);
    const logs = [openActivityLog(doc, { cap: 5 }), openActivityLog(peer, { cap: 5 })];
    for (let index = 0; index < 17; index++) {
      logs[index % 2]?.record({
        by: { kind: 'person', via: 'editor' },
        tool: 't',
        summary: String(index),
        range: null,
        revision: null,
      });
    }
    expect(logs[0]?.entries().map((entry) => entry.summary)).toEqual([
      '12',
      '13',
      '14',
      '15',
      '16',
    ]);
    expect(logs[1]?.entries()).toEqual(logs[0]?.entries());
  });

  it('writes with its own origin, under its own root type, and skips what is no entry', () => {
    const doc = new Y.Doc();
    const log = openActivityLog(doc);
    const origins: unknown[] = [];
    doc.on('afterTransaction', (transaction: Y.Transaction) => origins.push(transaction.origin));
    log.record({
      by: { kind: 'person', via: 'editor' },
      tool: 't',
      summary: 's',
      range: null,
      revision: null,
    });
    expect(origins).toEqual([ACTIVITY_LOG_ORIGIN]);
    doc.getArray(ACTIVITY_LOG_ROOT).push([{ id: 3 }, 'text', null]);
    expect(log.entries()).toHaveLength(1);
  });

  it('refuses a cap that is not a positive whole number', () => {
    expect(() => openActivityLog(new Y.Doc(), { cap: 0 })).toThrow(/positive whole number/);
  });
});

describe('who records', () => {
  it('asks a `by` function at each record, so a renamed person is recorded under the new name', async () => {
    const base = odeFixture();
    const log = openActivityLog(base.doc);
    let name = 'Guest 7';
    const tools = createScoreTools({
      score: base.score,
      undo: base.undo,
      activity: { log, by: () => ({ kind: 'person', via: 'editor', name }) },
    });
    await tools.invoke('rewrite_measures', { start_measure: 2, parts: [1], lanes_seq: M2('C4=1') });
    name = 'Ada';
    await tools.invoke('rewrite_measures', { start_measure: 2, parts: [1], lanes_seq: M2('D4=1') });
    expect(log.entries().map((entry) => entry.by.name)).toEqual(['Guest 7', 'Ada']);
  });
});

describe('review sessions in the activity log', () => {
  it('an accepted session is logged once, a rejected one never', async () => {
    const { tools, log, doc } = ode({ review: true });
    const first = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: M2('C4=1'),
    });
    const second = await tools.invoke('rewrite_measures', {
      start_measure: 3,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m3: C4=1\n',
    });
    expect(first.ok && second.ok).toBe(true);
    expect(log.entries()).toEqual([]);
    const idOf = (call: typeof first) => (call.ok ? (call.output.review as { id: string }).id : '');
    const vector = stateVector(doc);
    tools.reviews?.reject(idOf(second));
    expect(stateVector(doc)).toBe(vector);
    const accepted = await tools.reviews?.accept(idOf(first));
    expect(accepted?.session.state).toBe('applied');
    expect(log.entries().map((entry) => entry.summary)).toEqual([
      '1 unit in m2, part 1, accepted in review',
    ]);
  });

  it('review mode follows `enabled`: off, a write applies at once', async () => {
    let reviewing = true;
    const { tools } = ode({ review: { enabled: () => reviewing } });
    const waiting = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: M2('C4=1'),
    });
    expect(waiting.ok && waiting.output.status).toBe('awaiting_review');
    reviewing = false;
    const applied = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: M2('D4=1'),
    });
    expect(applied.ok && applied.output.status).toBe('applied');
  });
});

describe('touchesOnlySharedState', () => {
  it('is true for a change of the log, the oversight settings or the proposals alone, false once the score changes', async () => {
    const { doc, tools } = odeFixture();
    const seen: boolean[] = [];
    doc.on('afterTransaction', (transaction) => {
      if (transaction.changed.size > 0) seen.push(touchesOnlySharedState(transaction));
    });
    openActivityLog(doc).record({
      by: { kind: 'agent', via: 'mcp' },
      tool: 'rewrite_measures',
      summary: 'x',
      range: null,
      revision: null,
    });
    openOversightSettings(doc).setReviewMode(true);
    await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m2: D4=1\n',
    });
    expect(seen).toEqual([true, true, false]);
  });
});
