import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import { SMALL, scoreOf } from './fixtures.test-support.ts';
import { type PartEditRequest, planPartEdit } from './plan-parts.ts';
import { plan } from './plan-rewrite.ts';
import type { Result } from './problem.ts';
import { readMeasures } from './read-measures.ts';
import { currentRevision } from './revision.ts';
import type { Score } from './score.ts';
import { scoreContent } from './score-content.ts';
import { scoreInfo } from './score-info.ts';

const CELLO = {
  name: 'Cello',
  abbreviation: 'Vc.',
  staves: 1,
  clefs: ['bass' as const],
  program: 42,
};

function applied(score: Score, request: PartEditRequest) {
  const planned = planPartEdit(score, request);
  if (!planned.ok) throw new Error(planned.problems.map((problem) => problem.message).join(' '));
  const result = apply(score, planned.plan);
  if (!result.ok) throw new Error(result.problems[0]?.message);
  return planned.plan;
}

function refused(score: Score, request: PartEditRequest) {
  const before = Y.encodeStateVector(score.doc);
  const planned: Result<unknown> = planPartEdit(score, request);
  expect(Y.encodeStateVector(score.doc)).toEqual(before);
  if (planned.ok) throw new Error('The edit was planned.');
  return planned.problems;
}

const names = (score: Score) => scoreInfo(score).parts.map((part) => part.name);

describe('planPartEdit', () => {
  it('adds a part at a position, with a whole rest in each measure of each staff', () => {
    const score = scoreOf(SMALL);
    const made = applied(score, { edit: { kind: 'add', info: CELLO, at: 2 } });
    expect(names(score)).toEqual(['Violin', 'Cello', 'Piano']);
    expect(made.partEdit).toBe(
      'part 2 "Cello" (Vc., 1 staff, bass clef, program 42, sounds as written), added with rests in all 4 measures',
    );
    const read = readMeasures(score, { start: 1, end: 2, parts: [2] });
    if (!read.ok) throw new Error('read');
    expect(read.text).toContain('P2 s1 v1 m1: r=1 | r\n');
    expect(scoreContent(score).units?.filter((unit) => unit.part === 2)).toHaveLength(4);
  });

  it('removes a part with its music, and says what music went', () => {
    const score = scoreOf(SMALL);
    const made = applied(score, { edit: { kind: 'remove', part: 1 } });
    expect(names(score)).toEqual(['Piano']);
    expect(made.dropped.map((drop) => drop.message)).toEqual(['Violin: 10 notes in m1-m4.']);
  });

  it('never removes the last part', () => {
    const score = scoreOf(SMALL);
    applied(score, { edit: { kind: 'remove', part: 2 } });
    const problems = refused(score, { edit: { kind: 'remove', part: 1 } });
    expect(problems[0]).toMatchObject({ code: 'invalid-part' });
    expect(problems[0]?.fix).toContain('add_part');
  });

  it('changes a name, abbreviation and transposition, and keeps the staves', () => {
    const score = scoreOf(SMALL);
    const made = applied(score, {
      edit: {
        kind: 'set',
        part: 1,
        changes: {
          name: 'Clarinet in B-flat',
          abbreviation: 'Cl.',
          transposition: { chromatic: -2, diatonic: -1 },
        },
      },
    });
    expect(made.partEdit).toBe(
      'part 1: name "Clarinet in B-flat" (was "Violin"), abbreviation "Cl." (was none), transposition -M2 (was P1)',
    );
    expect(scoreInfo(score).parts[0]).toMatchObject({
      name: 'Clarinet in B-flat',
      abbreviation: 'Cl.',
      transposition: { chromatic: -2, diatonic: -1 },
      staves: 1,
    });
    applied(score, {
      edit: { kind: 'set', part: 1, changes: { transposition: null, abbreviation: '' } },
    });
    expect(scoreInfo(score).parts[0]).not.toHaveProperty('transposition');
    expect(scoreInfo(score).parts[0]).not.toHaveProperty('abbreviation');
  });

  it('refuses clefs for other staves than the part has, and a change of nothing', () => {
    const score = scoreOf(SMALL);
    expect(
      refused(score, { edit: { kind: 'set', part: 2, changes: { clefs: ['treble'] } } })[0]?.fix,
    ).toContain('add_part');
    expect(refused(score, { edit: { kind: 'set', part: 2, changes: {} } })[0]).toMatchObject({
      code: 'invalid-part',
    });
    expect(
      refused(score, { edit: { kind: 'set', part: 3, changes: { name: 'X' } } })[0],
    ).toMatchObject({
      code: 'unknown-part',
      fix: 'Name a part from 1 to 2 (get_score_info lists them).',
    });
  });

  it('moves a part, and a move to where it is writes nothing', () => {
    const score = scoreOf(SMALL);
    applied(score, { edit: { kind: 'move', part: 2, to: 1 } });
    expect(names(score)).toEqual(['Piano', 'Violin']);
    const read = readMeasures(score, { start: 1, end: 1, parts: [2] });
    if (!read.ok) throw new Error('read');
    expect(read.text).toContain('P2 s1 v1 m1: G4=1/4 A4 B4 C5\n');
    expect(applied(score, { edit: { kind: 'move', part: 1, to: 1 } }).writes).toEqual([]);
    expect(refused(score, { edit: { kind: 'move', part: 1, to: 3 } })[0]?.fix).toBe(
      'Give a position from 1 to 2.',
    );
  });

  it('refuses a rewrite by part number, and a part edit, based on a revision from before parts moved', () => {
    const score = scoreOf(SMALL);
    const read = currentRevision(score);
    applied(score, { edit: { kind: 'move', part: 2, to: 1 } });
    const rewrite = plan(score, {
      start: 1,
      parts: [1],
      text: 'P1 s1 v1 m1: C5=1\n',
      revision: read,
    });
    expect(rewrite.ok).toBe(false);
    if (!rewrite.ok)
      expect(rewrite.problems[0]?.message).toContain('Parts were added, removed or moved');
    expect(
      refused(score, {
        edit: { kind: 'set', part: 1, changes: { name: 'Organ' } },
        revision: read,
      })[0],
    ).toMatchObject({
      code: 'stale',
    });
  });

  it('refuses a part edit based on a revision from before that part changed', () => {
    const score = scoreOf(SMALL);
    const read = currentRevision(score);
    applied(score, { edit: { kind: 'set', part: 1, changes: { name: 'Fiddle' } } });
    expect(refused(score, { edit: { kind: 'remove', part: 1 }, revision: read })[0]?.message).toBe(
      `Part 1 ("Fiddle") changed after revision ${read}.`,
    );
  });

  it('refuses invalid values, each with its fix', () => {
    const score = scoreOf(SMALL);
    const problems = refused(score, {
      edit: {
        kind: 'add',
        info: { name: 'Two\nlines', staves: 2, clefs: ['treble'], program: 200 },
        at: 9,
      },
    });
    expect(problems.map((problem) => problem.code)).toEqual([
      'invalid-part',
      'invalid-part',
      'invalid-part',
      'invalid-part',
    ]);
    expect(problems.at(-1)?.fix).toBe('Give a position from 1 to 3 (3: last), or leave it out.');
  });
});
