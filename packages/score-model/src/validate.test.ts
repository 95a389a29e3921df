import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { SMALL, scoreOf } from './fixtures.test-support.ts';
import { openScore } from './score.ts';
import { validate } from './validate.ts';

describe('validate', () => {
  it('accepts a score whose every voice fills its measure and whose ties land', () => {
    expect(validate(scoreOf(SMALL))).toEqual({ ok: true, measures: 4 });
  });

  it('reports voices that do not fill and ties that do not land, by lane', () => {
    const score = scoreOf(
      SMALL.replace(
        'P1 s1 v1 m1: G4=1/4 A4=1/4 B4=1/4 C5=1/4',
        'P1 s1 v1 m1: G4=1/4 A4=1/4',
      ).replace('P1 s1 v1 m3: B4=1/4', 'P1 s1 v1 m3: C5=1/4'),
    );
    expect(validate(score)).toEqual({
      ok: false,
      problems: [
        {
          code: 'measure-fill',
          lane: 'P1 s1 v1 m1',
          message: 'P1 s1 v1 m1 lasts 1/2, but m1 lasts 1 (time 4/4): 1/2 is missing.',
          fix: 'Add 1/2 to the lane, for example r=1/2 at its end, or lengthen its events.',
        },
        {
          code: 'tie-not-landing',
          lane: 'P1 s1 v1 m2',
          message:
            'P1 s1 v1 m2 event 2 "B4=1/2~" ties B4, but the first event of P1 s1 v1 m3 "C5=1/4" does not hold B4.',
          fix: 'Remove the ~ after B4, or make the next event hold B4.',
        },
      ],
    });
  });
});

describe('validate: ties from grace notes and past the end', () => {
  it('reports a tie on a trailing grace note that does not land', () => {
    const score = scoreOf(
      SMALL.replace(
        'P1 s1 v1 m1: G4=1/4 A4=1/4 B4=1/4 C5=1/4',
        'P1 s1 v1 m1: G4=1/4 A4=1/4 B4=1/4 C5=1/4 E5=g1/8~',
      ),
    );
    expect(validate(score)).toEqual({
      ok: false,
      problems: [
        {
          code: 'tie-not-landing',
          lane: 'P1 s1 v1 m1',
          message:
            'P1 s1 v1 m1 event 5 "E5=g1/8~" ties E5, but the first event of P1 s1 v1 m2 "D5=1/2" does not hold E5.',
          fix: 'Remove the ~ after E5, or make the next event hold E5.',
        },
      ],
    });
  });

  it('says the score ends for a tie out of the last measure', () => {
    const score = scoreOf(SMALL.replace('P1 s1 v1 m4: G4=1', 'P1 s1 v1 m4: G4=1 A4=g1/16~'));
    expect(validate(score)).toEqual({
      ok: false,
      problems: [
        {
          code: 'tie-not-landing',
          lane: 'P1 s1 v1 m4',
          message: 'P1 s1 v1 m4 event 2 "A4=g1/16~" ties A4 past the last measure.',
          fix: 'Remove the ~ after A4; the score ends here, so there is no next event to tie to.',
        },
      ],
    });
  });

  it('reports a document that holds no score', () => {
    expect(validate(openScore(new Y.Doc()))).toEqual({
      ok: false,
      problems: [
        {
          code: 'no-score',
          message:
            'This document holds no score: nothing was created in it, or it has not synced yet.',
          fix: 'Wait for the document to sync, or create a score in it (createScore, or import a file) first.',
        },
      ],
    });
  });
});
