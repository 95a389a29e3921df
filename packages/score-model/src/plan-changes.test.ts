import { fc, test } from '@fast-check/vitest';
import { parsePitch, rational } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import { PROPERTY_SCORE } from './arbitrary-rewrite.test-support.ts';
import { oneMeasureScore, SMALL, scoreOf, stateVector, syncAll } from './fixtures.test-support.ts';
import { planInsertMeasures } from './measure-edits.ts';
import { plan } from './plan-rewrite.ts';
import { readMeasures } from './read-measures.ts';
import { openScore } from './score.ts';
import { viewScore } from './score-view.ts';

describe('a unit written back unchanged is not written', () => {
  test.prop([fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 5 }), fc.subarray([1, 2])], {
    numRuns: 40,
  })(
    'read, then rewrite what was read: no byte of the state vector changes',
    (start, length, parts) => {
      const score = scoreOf(PROPERTY_SCORE);
      const end = Math.min(6, start + length);
      const chosen = parts.length > 0 ? { parts } : {};
      const read = readMeasures(score, { start, end, ...chosen });
      if (!read.ok) throw new Error('read failed');
      const planned = plan(score, {
        start,
        end,
        text: read.lanes,
        revision: read.revision,
        ...chosen,
      });
      if (!planned.ok) throw new Error(planned.problems[0]?.message);
      expect(planned.plan.changes.length).toBeGreaterThan(0);
      expect(planned.plan.changes.every((change) => change.unchanged === true)).toBe(true);
      expect(planned.plan.writes).toEqual([]);
      const before = stateVector(score);
      expect(apply(score, planned.plan).ok).toBe(true);
      expect(stateVector(score)).toEqual(before);
    },
  );

  it("writes only the unit that changed, so a collaborator's revision of the others stays good", () => {
    const agent = scoreOf(SMALL);
    const peer = openScore(new Y.Doc(), { origin: 'peer' });
    syncAll(agent.doc, peer.doc);
    const peerRead = readMeasures(peer, { start: 1, end: 1, parts: [1] });
    const agentRead = readMeasures(agent, { start: 1, end: 3, parts: [1] });
    if (!peerRead.ok || !agentRead.ok) throw new Error('read failed');

    // The agent writes m1-m3 back with only m3 changed.
    const text = agentRead.lanes.replace('| B4=1/4 A4 G4=1/2', '| B4=1');
    expect(text).not.toBe(agentRead.lanes);
    const planned = plan(agent, {
      start: 1,
      end: 3,
      parts: [1],
      text,
      revision: agentRead.revision,
    });
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    expect(planned.plan.changes.map((change) => [change.unit, change.unchanged ?? false])).toEqual([
      ['P1 s1 m1', true],
      ['P1 s1 m2', true],
      ['P1 s1 m3', false],
    ]);
    expect(planned.plan.writes.map((write) => write.op === 'unit' && write.measure)).toEqual([3]);
    expect(apply(agent, planned.plan).ok).toBe(true);
    syncAll(agent.doc, peer.doc);

    // The peer's revision of m1, taken before the agent's write, is still good.
    const peerWrite = plan(peer, {
      start: 1,
      parts: [1],
      text: 'P1 s1 v1 m1: G4=1\n',
      revision: peerRead.revision,
    });
    expect(peerWrite.ok).toBe(true);
  });
});

describe('a dry run lists every unit a plan creates', () => {
  it('appending m6 after m4 lists the units of m5 it also creates, and its range covers them', () => {
    const planned = plan(scoreOf(SMALL), {
      start: 5,
      parts: [1],
      text: 'P1 s1 v1 m6: C5=1\n',
      allowMeasureCountChange: true,
    });
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    expect(planned.plan.range).toEqual({ start: 5, end: 6 });
    expect(planned.plan.parts).toEqual([1, 2]);
    expect(
      planned.plan.changes.map((change) => [change.unit, change.reason, change.after]),
    ).toEqual([
      ['P1 s1 m5', 'new-measure', 'P1 s1 v1 m5: r=1\n'],
      ['P2 s1 m5', 'new-measure', 'P2 s1 v1 m5: r=1\n'],
      ['P2 s2 m5', 'new-measure', 'P2 s2 v1 m5: r=1\n'],
      ['P1 s1 m6', 'rewrite', 'P1 s1 v1 m6: C5=1\n'],
      ['P2 s1 m6', 'new-measure', 'P2 s1 v1 m6: r=1\n'],
      ['P2 s2 m6', 'new-measure', 'P2 s2 v1 m6: r=1\n'],
    ]);
    const units = planned.plan.writes.filter((write) => write.op === 'unit');
    expect(units).toHaveLength(planned.plan.changes.length);
  });

  it('inserting measures lists the units it creates, and the tie it repairs, in its range', () => {
    const planned = planInsertMeasures(scoreOf(SMALL), { at: 3, count: 1 });
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    expect(planned.plan.range).toEqual({ start: 2, end: 3 });
    expect(
      planned.plan.changes.map((change) => [change.unit, change.reason, change.before]),
    ).toEqual([
      ['P1 s1 m2', 'tie-repair', 'P1 s1 v1 m2: D5=1/2 B4~\n'],
      ['P1 s1 m3', 'new-measure', ''],
      ['P2 s1 m3', 'new-measure', ''],
      ['P2 s2 m3', 'new-measure', ''],
    ]);
  });
});

describe('unchanged is judged on the music, not on how a chord was stored', () => {
  it('a chord stored with its notes out of order and each tied reads back as unchanged', () => {
    const [a4, f4] = [parsePitch('A4')!, parsePitch('F4')!];
    const score = oneMeasureScore([
      {
        voice: 1,
        events: [
          {
            kind: 'chord',
            notes: [
              { pitch: a4, tie: true },
              { pitch: f4, tie: true },
            ],
            duration: rational(1, 2),
            grace: false,
            tie: false,
            attachments: { pitches: ['A4', 'F4'] },
          },
          {
            kind: 'chord',
            notes: [
              { pitch: a4, tie: false },
              { pitch: f4, tie: false },
            ],
            duration: rational(1, 2),
            grace: false,
            tie: false,
          },
        ],
      },
    ]);
    const read = readMeasures(score, { start: 1, end: 1 });
    if (!read.ok) throw new Error('read failed');
    expect(read.lanes).toBe('P1 s1 v1 m1: (F4 A4)=1/2~ (F4 A4)\n');
    const planned = plan(score, { start: 1, text: read.lanes });
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    expect(planned.plan.changes.map((change) => change.unchanged)).toEqual([true]);
    expect(planned.plan.writes).toEqual([]);
  });
});

describe('a voice written back as the score holds it is kept, even one lanes-seq could not notate', () => {
  /** Seventeen notes in the time of sixteen sixteenths: a tuplet of 17, as a MusicXML file may hold. */
  const seventeen = Array.from({ length: 17 }, (_, index) => ({
    kind: 'note' as const,
    pitch: parsePitch('C5')!,
    duration: rational(1, 17),
    grace: false,
    tie: false,
    // What an importer keeps on a note, such as its printed tuplet bracket.
    attachments: { kept: `note ${index + 1}` },
  }));
  const twoVoices = () =>
    oneMeasureScore([
      { voice: 1, events: seventeen },
      {
        voice: 2,
        events: [
          {
            kind: 'note',
            pitch: parsePitch('C4')!,
            duration: rational(1, 1),
            grace: false,
            tie: false,
          },
        ],
      },
    ]);

  it('read, then rewrite what was read: planned as unchanged, nothing written', () => {
    const score = twoVoices();
    const read = readMeasures(score, { start: 1, end: 1 });
    if (!read.ok) throw new Error('read failed');
    const planned = plan(score, { start: 1, text: read.lanes, revision: read.revision });
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    expect(planned.plan.changes.map((change) => change.unchanged)).toEqual([true]);
    expect(planned.plan.writes).toEqual([]);
  });

  it('another voice of the unit changes: the unit is written, the tuplet of 17 kept as it was', () => {
    const score = twoVoices();
    const read = readMeasures(score, { start: 1, end: 1 });
    if (!read.ok) throw new Error('read failed');
    const text = read.lanes.replace('P1 s1 v2 m1: C4=1', 'P1 s1 v2 m1: E4=1');
    expect(text).not.toBe(read.lanes);
    const planned = plan(score, { start: 1, text, revision: read.revision });
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    expect(apply(score, planned.plan).ok).toBe(true);
    const after = readMeasures(score, { start: 1, end: 1 });
    if (!after.ok) throw new Error('read failed');
    expect(after.lanes).toBe(text);
    const kept = viewScore(score).unit(1, 1, 1)?.content.voices[0]?.events[16]?.attachments;
    expect(kept).toEqual({ kept: 'note 17' });
  });

  it('the tuplet of 17 itself changed: judged like any new text, and refused', () => {
    const score = twoVoices();
    const read = readMeasures(score, { start: 1, end: 1 });
    if (!read.ok) throw new Error('read failed');
    const text = read.lanes.replace('P1 s1 v1 m1: C5=1/17', 'P1 s1 v1 m1: D5=1/17');
    const before = stateVector(score);
    const planned = plan(score, { start: 1, text, revision: read.revision });
    expect(planned.ok).toBe(false);
    if (planned.ok) return;
    expect(planned.problems.map((problem) => problem.message).join('\n')).toContain('tuplet of 17');
    expect(stateVector(score)).toEqual(before);
  });
});
