import { parseScoreFile } from '@scorelane/lanes-seq';
import { apply, plan, planInsertMeasures, scoreFromLanes } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { followChangedMeasures } from './changed-measures.ts';
import { EXAMPLE_LANES } from './example-score.ts';

function example() {
  const file = parseScoreFile(EXAMPLE_LANES);
  if (!file.ok) throw new Error('the example does not parse');
  return scoreFromLanes(file.score.header, file.score.document);
}

describe('followChangedMeasures', () => {
  it('names the measures a rewrite touched, then forgets them', () => {
    const score = example();
    const changes = followChangedMeasures(score);
    const planned = plan(score, {
      start: 3,
      parts: [1],
      text: 'P1 s1 v1 m3: B5=1\nP1 s1 v1 m4: B5=1\n',
    });
    if (!planned.ok) throw new Error(JSON.stringify(planned.problems));
    apply(score, planned.plan);
    expect([...(changes.take() as Set<number>)].sort()).toEqual([3, 4]);
    expect([...(changes.take() as Set<number>)]).toEqual([]);
  });

  it('says every measure changed when measures are inserted', () => {
    const score = example();
    const changes = followChangedMeasures(score);
    const planned = planInsertMeasures(score, { at: 2, count: 1 });
    if (!planned.ok) throw new Error(JSON.stringify(planned.problems));
    apply(score, planned.plan);
    expect(changes.take()).toBe('all');
  });
});
