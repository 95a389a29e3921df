import { rational, serializeScoreFile } from '@scorelane/lanes-seq';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import { clefAt, clefChanges, planSetClef } from './clef-changes.ts';
import { SMALL, scoreOf, stateVector } from './fixtures.test-support.ts';
import { planDeleteMeasures } from './measure-edits.ts';
import { plan } from './plan-rewrite.ts';
import { readMeasures } from './read-measures.ts';
import { createScore } from './score.ts';
import { scoreContent } from './score-content.ts';
import { scoreToLanes } from './score-lanes.ts';
import { viewScore } from './score-view.ts';

function setClef(score: ReturnType<typeof scoreOf>, request: Parameters<typeof planSetClef>[1]) {
  const planned = planSetClef(score, request);
  if (!planned.ok) throw new Error(planned.problems.map((problem) => problem.message).join('\n'));
  expect(apply(score, planned.plan).ok).toBe(true);
  return planned.plan;
}

describe('clef changes', () => {
  it('set a clef from a measure up to the next change, and reads show it in % lines', () => {
    const score = scoreOf(SMALL);
    setClef(score, { part: 2, staff: 2, measure: 2, clef: 'treble' });
    setClef(score, { part: 2, staff: 2, measure: 3, onset: rational(1, 2), clef: 'bass8vb' });
    expect(clefAt(score, 2, 2, 1)).toBe('bass');
    expect(clefAt(score, 2, 2, 2)).toBe('treble');
    expect(clefAt(score, 2, 2, 3, rational(1, 4))).toBe('treble');
    expect(clefAt(score, 2, 2, 4)).toBe('bass8vb');
    const read = readMeasures(score, { start: 1, end: 4, parts: [2] });
    if (!read.ok) throw new Error('read failed');
    expect(read.text).toContain('% P2 "Piano": 2 staves, clefs treble,bass\n');
    expect(read.text).toContain(
      '% clef treble on P2 s2 from m2\n% clef bass8vb on P2 s2 from m3 at 1/2\n',
    );
    const later = readMeasures(score, { start: 4, end: 4, parts: [2] });
    if (!later.ok) throw new Error('read failed');
    expect(later.text).toContain('clefs treble,bass8vb\n');
    expect(later.context.clefChanges).toEqual([]);
  });

  it('writes nothing when the clef is already in force there', () => {
    const score = scoreOf(SMALL);
    setClef(score, { part: 1, staff: 1, measure: 2, clef: 'alto' });
    const before = stateVector(score);
    for (const request of [
      { part: 1, staff: 1, measure: 1, clef: 'treble' },
      { part: 1, staff: 1, measure: 3, clef: 'alto' },
      { part: 1, staff: 1, measure: 2, onset: rational(1, 4), clef: 'alto' },
    ]) {
      const planned = planSetClef(score, request);
      expect(planned.ok && planned.plan.writes).toEqual([]);
    }
    expect(stateVector(score)).toEqual(before);
  });

  it('setting back the clef before a change removes the change', () => {
    const score = scoreOf(SMALL);
    setClef(score, { part: 1, staff: 1, measure: 2, clef: 'alto' });
    setClef(score, { part: 1, staff: 1, measure: 2, clef: 'treble' });
    expect(viewScore(score).unit(1, 1, 2)?.content.clefs).toBeUndefined();
  });

  it('refuses a bad part, staff, measure, onset or clef name, each with its fix, changing nothing', () => {
    const score = scoreOf(SMALL);
    const before = stateVector(score);
    const refused = (request: Parameters<typeof planSetClef>[1]) => {
      const planned = planSetClef(score, request);
      return planned.ok ? [] : planned.problems.map((problem) => [problem.code, problem.fix]);
    };
    expect(refused({ part: 3, staff: 1, measure: 1, clef: 'bass' })).toEqual([
      ['unknown-part', 'Name a part between 1 and 2.'],
    ]);
    expect(refused({ part: 1, staff: 2, measure: 1, clef: 'bass' })).toEqual([
      ['unknown-staff', 'Name a staff between 1 and 1.'],
    ]);
    expect(refused({ part: 1, staff: 1, measure: 9, clef: 'bass' })).toEqual([
      ['invalid-range', 'Name a measure between 1 and 4.'],
    ]);
    expect(refused({ part: 1, staff: 1, measure: 1, onset: rational(1), clef: 'bass' })).toEqual([
      [
        'invalid-clef',
        'Give an onset from 0 up to (not including) 1, in whole notes from the bar line, or leave it out for the start of the measure.',
      ],
    ]);
    expect(refused({ part: 1, staff: 1, measure: 1, clef: 'soprano' })).toEqual([
      [
        'invalid-clef',
        'Use one of treble, bass, alto, tenor, percussion, treble8vb, treble8va, bass8vb.',
      ],
    ]);
    expect(stateVector(score)).toEqual(before);
  });

  it('a rewrite of the unit keeps its clef change, and a copy of the score holds it', () => {
    const score = scoreOf(SMALL);
    setClef(score, { part: 1, staff: 1, measure: 3, clef: 'treble8va' });
    const rewrite = plan(score, { start: 3, parts: [1], text: 'P1 s1 v1 m3: C6=1\n' });
    if (!rewrite.ok) throw new Error('refused');
    expect(apply(score, rewrite.plan).ok).toBe(true);
    expect(viewScore(score).unit(1, 1, 3)?.content.clefs).toEqual([
      { onset: rational(0), clef: 'treble8va' },
    ]);
    const copy = createScore(new Y.Doc(), scoreContent(score));
    expect(clefAt(copy, 1, 1, 4)).toBe('treble8va');
  });

  it('a refused set_clef with a stale revision changes nothing', () => {
    const score = scoreOf(SMALL);
    const read = readMeasures(score, { start: 2, end: 2 });
    if (!read.ok) throw new Error('read failed');
    setClef(score, { part: 1, staff: 1, measure: 2, clef: 'alto' });
    const planned = planSetClef(score, {
      part: 1,
      staff: 1,
      measure: 2,
      clef: 'tenor',
      revision: read.revision,
    });
    expect(planned.ok ? [] : planned.problems.map((problem) => problem.code)).toEqual(['stale']);
  });

  it('a .lanes file keeps clef changes: %% clef directives read in, and written out again', () => {
    const score = scoreOf(`${SMALL}%% clef P2 s2 m3 @1/2 treble\n`);
    expect(clefAt(score, 2, 2, 3)).toBe('bass');
    expect(clefAt(score, 2, 2, 3, rational(1, 2))).toBe('treble');
    const planned = planSetClef(score, { part: 1, staff: 1, measure: 4, clef: 'treble8va' });
    if (!planned.ok) throw new Error('refused');
    expect(apply(score, planned.plan).ok).toBe(true);
    const text = serializeScoreFile(scoreToLanes(score));
    expect(text).toContain('%% clef P2 s2 m3 @1/2 treble\n%% clef P1 s1 m4 treble8va\n');
    const again = scoreOf(text);
    expect(clefChanges(again)).toEqual(clefChanges(score));
  });

  it('deleting measures that change the clef keeps the clef of the music after them', () => {
    const score = scoreOf(SMALL);
    setClef(score, { part: 2, staff: 2, measure: 2, clef: 'tenor' });
    expect(clefAt(score, 2, 2, 4)).toBe('tenor');
    const planned = planDeleteMeasures(score, { start: 2, end: 3 });
    if (!planned.ok) throw new Error('refused');
    expect(
      planned.plan.changes.filter((change) => change.reason === 'clef').map((c) => c.unit),
    ).toEqual(['P2 s2 m4']);
    expect(apply(score, planned.plan).ok).toBe(true);
    // The old m4 is m2 now, and still reads in the tenor clef; m1 keeps the bass.
    expect(clefAt(score, 2, 2, 1)).toBe('bass');
    expect(clefAt(score, 2, 2, 2)).toBe('tenor');
    expect(clefChanges(score)).toEqual([
      { part: 2, staff: 2, measure: 2, onset: rational(0, 1), clef: 'tenor' },
    ]);
  });

  it('deleting measures carries no clef where the clef after them is the one before them', () => {
    const score = scoreOf(SMALL);
    setClef(score, { part: 2, staff: 2, measure: 2, clef: 'tenor' });
    setClef(score, { part: 2, staff: 2, measure: 3, onset: rational(1, 2), clef: 'bass' });
    const planned = planDeleteMeasures(score, { start: 2, end: 3 });
    if (!planned.ok) throw new Error('refused');
    expect(planned.plan.changes.some((change) => change.reason === 'clef')).toBe(false);
    expect(apply(score, planned.plan).ok).toBe(true);
    expect(clefChanges(score)).toEqual([]);
  });

  it('deleting measures keeps a clef change that already starts the measure after them', () => {
    const score = scoreOf(SMALL);
    setClef(score, { part: 1, staff: 1, measure: 2, clef: 'alto' });
    setClef(score, { part: 1, staff: 1, measure: 4, clef: 'treble8vb' });
    const planned = planDeleteMeasures(score, { start: 2, end: 3 });
    if (!planned.ok) throw new Error('refused');
    expect(apply(score, planned.plan).ok).toBe(true);
    expect(clefChanges(score)).toEqual([
      { part: 1, staff: 1, measure: 2, onset: rational(0, 1), clef: 'treble8vb' },
    ]);
  });
});
