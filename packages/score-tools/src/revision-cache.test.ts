import { currentRevision, openScore } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { odeFixture, personRewrites } from './fixtures.test-support.ts';
import { revisionCacheOf } from './revision-cache.ts';

describe('the revision cache', () => {
  it('answers the revision now, again after every transaction', () => {
    const { doc, score } = odeFixture();
    const revisions = revisionCacheOf(score);
    expect(revisions.current()).toBe(currentRevision(score));
    const before = revisions.current();
    doc.transact(() => doc.getMap('elsewhere').set('k', 1));
    expect(revisions.current()).not.toBe(before);
    expect(revisions.current()).toBe(currentRevision(score));
  });

  it('is one cache per doc, whichever score object opens it', () => {
    const { doc, score } = odeFixture();
    expect(revisionCacheOf(openScore(doc))).toBe(revisionCacheOf(score));
  });

  it('takes a settled revision only when exactly the expected transactions ended', () => {
    const { doc, score } = odeFixture();
    const revisions = revisionCacheOf(score);
    const ended = revisions.ended();
    doc.transact(() => doc.getMap('elsewhere').set('k', 1));
    doc.transact(() => doc.getMap('elsewhere').set('k', 2));
    revisions.settle('r1.told', ended + 1);
    expect(revisions.current()).toBe(currentRevision(score));
    revisions.settle('r1.told', ended + 2);
    expect(revisions.current()).toBe('r1.told');
    doc.transact(() => doc.getMap('elsewhere').set('k', 3));
    expect(revisions.current()).toBe(currentRevision(score));
  });
});

describe('the revision after a write through the tools', () => {
  it('is the one the write answers, and means what the score computes now', async () => {
    const fixture = odeFixture();
    const { tools, score } = fixture;
    const call = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m2: B4=1\n',
    });
    if (!call.ok) throw new Error(call.result.content[0]?.text);
    expect(call.revision_after).toBe(call.output.revision);
    expect(tools.context.revision()).toBe(call.output.revision);
    expect(call.revision_after).toBe(currentRevision(score));
    personRewrites(fixture, 3, 'P1 s1 v1 m3: C5=1\n');
    expect(tools.context.revision()).toBe(currentRevision(score));
    expect(tools.context.revision()).not.toBe(call.output.revision);
  });
});
