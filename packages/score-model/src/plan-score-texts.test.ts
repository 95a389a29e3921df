import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import { PROPERTY_SCORE } from './arbitrary-rewrite.test-support.ts';
import { scoreOf } from './fixtures.test-support.ts';
import { planSetTexts } from './plan-score-texts.ts';
import { currentRevision } from './revision.ts';
import { scoreContent } from './score-content.ts';
import { scoreInfo } from './score-info.ts';

describe('planSetTexts', () => {
  it('sets, trims and removes texts, and scoreInfo and scoreContent carry them', () => {
    const score = scoreOf(PROPERTY_SCORE);
    const planned = planSetTexts(score, {
      texts: { composer: ' Clara Schumann ', lyricist: 'Heine', title: '' },
    });
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    expect(planned.plan.texts).toEqual([
      { field: 'title', before: 'Properties', after: '' },
      { field: 'composer', before: '', after: 'Clara Schumann' },
      { field: 'lyricist', before: '', after: 'Heine' },
    ]);
    expect(apply(score, planned.plan).ok).toBe(true);
    const info = scoreInfo(score);
    expect([info.title, info.composer, info.lyricist]).toEqual([
      undefined,
      'Clara Schumann',
      'Heine',
    ]);
    expect(scoreContent(score)).toMatchObject({ composer: 'Clara Schumann', lyricist: 'Heine' });
  });

  it('refuses, as stale, a text someone set after the given revision, and sets the others', () => {
    const score = scoreOf(PROPERTY_SCORE);
    const read = currentRevision(score);
    const theirs = planSetTexts(score, { texts: { title: 'Their title' } });
    if (!theirs.ok) throw new Error(theirs.problems[0]?.message);
    expect(apply(score, theirs.plan).ok).toBe(true);
    const mine = planSetTexts(score, { texts: { title: 'My title' }, revision: read });
    expect(mine.ok).toBe(false);
    expect(!mine.ok && mine.problems.map((problem) => problem.code)).toEqual(['stale']);
    expect(!mine.ok && mine.problems[0]?.message).toContain('The title changed after revision');
    const other = planSetTexts(score, { texts: { composer: 'Clara Schumann' }, revision: read });
    expect(other.ok).toBe(true);
  });

  it('a plan applied after someone else set the same text is refused and writes nothing', () => {
    const score = scoreOf(PROPERTY_SCORE);
    const mine = planSetTexts(score, { texts: { title: 'My title' } });
    const theirs = planSetTexts(score, { texts: { title: 'Their title' } });
    if (!mine.ok || !theirs.ok) throw new Error('both plans should plan');
    expect(apply(score, theirs.plan).ok).toBe(true);
    const applied = apply(score, mine.plan);
    expect(!applied.ok && applied.problems.map((problem) => problem.code)).toEqual(['stale']);
    expect(scoreInfo(score).title).toBe('Their title');
  });

  it('a text set to what it is already is not written', () => {
    const score = scoreOf(PROPERTY_SCORE);
    const planned = planSetTexts(score, { texts: { title: 'Properties' } });
    expect(planned.ok && planned.plan.writes).toEqual([]);
  });

  test.prop([
    fc.record(
      {
        title: fc.string({ maxLength: 400 }),
        composer: fc.string({ maxLength: 400 }),
        copyright: fc.string({ maxLength: 400 }),
      },
      { requiredKeys: [] },
    ),
  ])('property: a refused plan names every bad text, and a good one applies exactly', (texts) => {
    const score = scoreOf(PROPERTY_SCORE);
    const before = Y.encodeStateVector(score.doc);
    const planned = planSetTexts(score, { texts });
    const bad = Object.values(texts).filter(
      (t) => t.length > 300 || /[\u0000-\u001f\u007f]/.test(t),
    );
    if (Object.keys(texts).length === 0 || bad.length > 0) {
      expect(planned.ok).toBe(false);
      if (!planned.ok) {
        expect(planned.problems.every((p) => p.code === 'invalid-score-text')).toBe(true);
        expect(planned.problems).toHaveLength(Math.max(1, bad.length));
      }
      expect(Y.encodeStateVector(score.doc)).toEqual(before);
      return;
    }
    if (!planned.ok) throw new Error(planned.problems[0]?.message);
    apply(score, planned.plan);
    const info = scoreInfo(score);
    for (const [field, value] of Object.entries(texts)) {
      expect(info[field as keyof typeof texts]).toBe(
        value.trim() === '' ? undefined : value.trim(),
      );
    }
  });
});
