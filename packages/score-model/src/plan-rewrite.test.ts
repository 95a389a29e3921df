import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { apply } from './apply-plan.ts';
import { SMALL, scoreOf, stateVector, syncAll } from './fixtures.test-support.ts';
import { plan, type RewriteRequest } from './plan-rewrite.ts';
import type { Problem } from './problem.ts';
import { readMeasures } from './read-measures.ts';
import { openScore, type Score } from './score.ts';

function problemsOf(score: Score, request: RewriteRequest): Problem[] {
  const before = stateVector(score);
  const result = plan(score, request);
  expect(stateVector(score)).toEqual(before);
  if (result.ok) throw new Error('expected the plan to be refused');
  return [...result.problems];
}

function accepted(score: Score, request: RewriteRequest) {
  const result = plan(score, request);
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'));
  return result.plan;
}

function lanesOf(score: Score, start: number, end: number, parts?: number[]): string {
  const read = readMeasures(score, { start, end, ...(parts ? { parts } : {}) });
  if (!read.ok) throw new Error('read failed');
  return read.lanes;
}

describe('plan: syntax', () => {
  it('accepts text that parses, comments included', () => {
    const score = scoreOf(SMALL);
    accepted(score, { start: 1, parts: [1], text: '% melody\nP1 s1 v1 m1: C5=1\n' });
  });

  it('refuses text that does not parse, with the parser code, place, lane and hint', () => {
    const score = scoreOf(SMALL);
    expect(problemsOf(score, { start: 1, parts: [1], text: 'P1 s1 v1 m1: c5=1\n' })).toEqual([
      {
        code: 'syntax',
        issue: 'lowercase-step',
        lane: 'P1 s1 v1 m1',
        line: 1,
        column: 14,
        message: 'The pitch "c5" has a lower-case step.',
        fix: 'pitch steps are upper case: C5',
      },
    ]);
  });

  it.each([
    [
      'reports a syntax problem and a lane that does not fill its measure in one round',
      [1, 2],
      'P1 s1 v1 m1: c5=1\nP2 s1 v1 m1: C4=1/2\n',
    ],
    [
      'leaves out of the fill check only the lanes the parser could not read',
      [1],
      'P1 s1 v1 m1: C5=1/2 D5=1/2 E5=1/2 c5=1\nP1 s1 v1 m2: C5=1/2\nP1 s1 v1 m3: C5=1\n',
    ],
  ])('%s', (_name, parts, text) => {
    const problems = problemsOf(scoreOf(SMALL), { start: 1, parts, text });
    expect(problems.map((problem) => [problem.code, problem.line])).toEqual([
      ['syntax', 1],
      ['measure-fill', 2],
    ]);
  });

  it('names the lane the rewrite starts at for a line with no header, with the edit that writes it', () => {
    const problems = problemsOf(scoreOf(SMALL), { start: 2, parts: [2], text: 'C4=1\n' });
    expect(problems.map((problem) => [problem.issue, problem.fix])).toEqual([
      [
        'missing-lane-header',
        'start every lane with its part, staff, voice and measure and a colon: P2 s1 v1 m2: C4=1 ...',
      ],
    ]);
  });

  it('refuses a text with no lanes', () => {
    const score = scoreOf(SMALL);
    expect(problemsOf(score, { start: 2, parts: [1], text: '% nothing\n' })).toEqual([
      {
        code: 'no-lanes',
        message: 'The text holds no lanes, so there is nothing to write.',
        fix: 'Write one line per voice to replace, for example "P1 s1 v1 m2: r=1".',
      },
    ]);
  });
});

describe('plan: measure fill', () => {
  it('accepts voices that fill the time signature, grace notes taking no time', () => {
    const score = scoreOf(SMALL);
    accepted(score, {
      start: 1,
      parts: [1],
      text: 'P1 s1 v1 m1: D5=g1/16 C5=1/2 x=1/4 B4=1/4\nP1 s1 v2 m1: r=1\n',
    });
  });

  it('refuses a voice that is short, and one that is long, saying by how much', () => {
    const score = scoreOf(SMALL);
    expect(
      problemsOf(score, {
        start: 1,
        parts: [1],
        text: 'P1 s1 v1 m1: C5=1/2 B4=1/4\nP1 s1 v1 m2: C5=1 D5=1/8\n',
      }),
    ).toEqual([
      {
        code: 'measure-fill',
        lane: 'P1 s1 v1 m1',
        line: 1,
        column: 1,
        message: 'P1 s1 v1 m1 lasts 3/4, but m1 lasts 1 (time 4/4): 1/4 is missing.',
        fix: 'Add 1/4 to the lane, for example r=1/4 at its end, or lengthen its events.',
      },
      {
        code: 'measure-fill',
        lane: 'P1 s1 v1 m2',
        line: 2,
        column: 1,
        message: 'P1 s1 v1 m2 lasts 9/8, but m2 lasts 1 (time 4/4): 1/8 too much.',
        fix: 'Remove 1/8 from the lane, for example by shortening its last event.',
      },
    ]);
  });

  it('measures a pickup against its own length', () => {
    const score = scoreOf(
      SMALL.replace('%% key m1 G major', '%% key m1 G major\n%% pickup m1 1/4')
        .replace(/P1 s1 v1 m1: .*\n/, 'P1 s1 v1 m1: D4=1/4\n')
        .replace(/P2 s1 v1 m1: .*\n/, '')
        .replace(/P2 s2 v1 m1: .*\n/, ''),
    );
    accepted(score, { start: 1, parts: [1], text: 'P1 s1 v1 m1: B3=1/8 C4=1/8\n' });
    expect(problemsOf(score, { start: 1, parts: [1], text: 'P1 s1 v1 m1: B3=1/2\n' })).toEqual([
      {
        code: 'measure-fill',
        lane: 'P1 s1 v1 m1',
        line: 1,
        column: 1,
        message: 'P1 s1 v1 m1 lasts 1/2, but m1 lasts 1/4 (pickup of 1/4 in 4/4): 1/4 too much.',
        fix: 'Remove 1/4 from the lane, for example by shortening its last event.',
      },
    ]);
  });
});

describe('plan: parts and staves', () => {
  it('accepts lanes on the named parts and their staves', () => {
    const score = scoreOf(SMALL);
    accepted(score, { start: 1, parts: [2], text: 'P2 s2 v1 m1: G2=1/2 D3=1/2\n' });
  });

  it('refuses an unknown part, an unknown staff and a part the request does not name', () => {
    const score = scoreOf(SMALL);
    expect(
      problemsOf(score, {
        start: 1,
        parts: [2],
        text: 'P3 s1 v1 m1: r=1\nP2 s3 v1 m1: r=1\nP1 s1 v1 m1: r=1\n',
      }),
    ).toEqual([
      {
        code: 'unknown-part',
        lane: 'P3 s1 v1 m1',
        line: 1,
        column: 1,
        message: 'P3 s1 v1 m1 is for part 3, but the score has parts 1-2.',
        fix: 'Use a part between P1 and P2.',
      },
      {
        code: 'unknown-staff',
        lane: 'P2 s3 v1 m1',
        line: 2,
        column: 1,
        message: 'P2 s3 v1 m1 is for staff 3, but part 2 ("Piano") has 2 staves.',
        fix: 'Use a staff between s1 and s2.',
      },
      {
        code: 'part-not-named',
        lane: 'P1 s1 v1 m1',
        line: 3,
        column: 1,
        message: 'P1 s1 v1 m1 is for part 1, which the rewrite does not name (it names 2).',
        fix: "Add part 1 to the rewrite's parts, or remove this lane.",
      },
    ]);
  });

  it('refuses a request naming a part the score does not have', () => {
    const score = scoreOf(SMALL);
    expect(problemsOf(score, { start: 1, parts: [1, 5], text: 'P1 s1 v1 m1: r=1\n' })).toEqual([
      {
        code: 'unknown-part',
        message: 'The rewrite names part 5, but the score has parts 1-2.',
        fix: 'Name parts between 1 and 2.',
      },
    ]);
  });
});

describe('plan: range', () => {
  it('accepts lanes from the start up to 32 measures on', () => {
    const score = scoreOf(SMALL.replace('%% measures 4', '%% measures 40'));
    const planned = accepted(score, { start: 2, parts: [1], text: 'P1 s1 v1 m33: r=1\n' });
    expect(planned.range).toEqual({ start: 33, end: 33 });
  });

  it('refuses a lane before the start, past 32 measures, or past a given end', () => {
    const score = scoreOf(SMALL.replace('%% measures 4', '%% measures 40'));
    expect(
      problemsOf(score, { start: 2, parts: [1], text: 'P1 s1 v1 m1: r=1\nP1 s1 v1 m34: r=1\n' }),
    ).toEqual([
      {
        code: 'outside-range',
        lane: 'P1 s1 v1 m1',
        line: 1,
        column: 1,
        message: "P1 s1 v1 m1 is outside the rewrite's range, m2-m33.",
        fix: 'Start the rewrite at m1, or remove this lane.',
      },
      {
        code: 'range-too-long',
        lane: 'P1 s1 v1 m34',
        line: 2,
        column: 1,
        message:
          'P1 s1 v1 m34 is 33 measures from the start m2; a rewrite covers at most 32 measures (m2-m33).',
        fix: 'Split the rewrite into calls of at most 32 measures each.',
      },
    ]);
    expect(problemsOf(score, { start: 2, end: 3, parts: [1], text: 'P1 s1 v1 m4: r=1\n' })).toEqual(
      [
        {
          code: 'outside-range',
          lane: 'P1 s1 v1 m4',
          line: 1,
          column: 1,
          message: "P1 s1 v1 m4 is outside the rewrite's range, m2-m3.",
          fix: 'End the rewrite at m4 or later, or remove this lane.',
        },
      ],
    );
  });

  it('refuses a start outside the score', () => {
    const score = scoreOf(SMALL);
    expect(problemsOf(score, { start: 9, parts: [1], text: 'P1 s1 v1 m9: r=1\n' })).toEqual([
      {
        code: 'invalid-range',
        message: 'The rewrite starts at m9, but the score has measures 1-4.',
        fix: 'Start at a measure between 1 and 4.',
      },
    ]);
    const appending = { start: 9, parts: [1], text: 'P1 s1 v1 m9: r=1\n' };
    expect(problemsOf(score, { ...appending, allowMeasureCountChange: true })).toEqual([
      {
        code: 'invalid-range',
        message: 'The rewrite starts at m9, but the score has measures 1-4.',
        fix: 'Start at a measure between 1 and 5 (m5 appends measures after the last).',
      },
    ]);
  });
});

describe('plan: notatable durations and tuplets', () => {
  it('accepts tuplets it can group and splits durations that need ties', () => {
    const score = scoreOf(SMALL);
    const planned = accepted(score, {
      start: 1,
      parts: [1],
      text: 'P1 s1 v1 m1: C5=1/12 D5=1/12 E5=1/12 F5=5/8 r=1/8\n',
    });
    expect(planned.tuplets).toEqual([
      {
        lane: 'P1 s1 v1 m1',
        firstEvent: 1,
        lastEvent: 3,
        ratio: { actual: 3, normal: 2 },
        duration: { num: 1, den: 4 },
      },
    ]);
    expect(planned.splits).toEqual([
      {
        lane: 'P1 s1 v1 m1',
        event: 4,
        values: [
          { base: { num: 1, den: 2 }, dots: 0 },
          { base: { num: 1, den: 8 }, dots: 0 },
        ],
      },
    ]);
  });

  it('refuses a duration nothing can print and a tuplet that is not whole', () => {
    const score = scoreOf(SMALL);
    expect(
      problemsOf(score, {
        start: 1,
        parts: [1],
        text: 'P1 s1 v1 m1: C5=1/2048 r=2047/2048\nP1 s1 v1 m2: C5=1/12 D5=1/12 E5=1/4 F5=1/2 r=1/12\n',
      }),
    ).toEqual([
      {
        code: 'unnotatable-duration',
        lane: 'P1 s1 v1 m1',
        line: 1,
        column: 14,
        message:
          'P1 s1 v1 m1 event 1 "C5=1/2048" cannot be notated: it is shorter than the shortest value, a 1024th note (1/1024).',
        fix: 'Use a plain or dotted value (1/4, 3/8), a tuplet value (1/12 is a triplet eighth), or tie notes of such values.',
      },
      {
        code: 'unnotatable-duration',
        lane: 'P1 s1 v1 m1',
        line: 1,
        column: 24,
        message:
          'P1 s1 v1 m1 event 2 "r=2047/2048" cannot be notated: it is shorter than the shortest value, a 1024th note (1/1024).',
        fix: 'Use a plain or dotted value (1/4, 3/8), a tuplet value (1/12 is a triplet eighth), or tie notes of such values.',
      },
      {
        code: 'incomplete-tuplet',
        lane: 'P1 s1 v1 m2',
        line: 2,
        column: 14,
        message:
          'P1 s1 v1 m2 events 1-2 "C5=1/12 D5=1/12" are 3:2 tuplet values that last 1/6, which is not a whole tuplet group.',
        fix: 'Complete the group so it lasts a plain value (three 1/12 make 1/4), or use plain values.',
      },
      {
        code: 'incomplete-tuplet',
        lane: 'P1 s1 v1 m2',
        line: 2,
        column: 44,
        message:
          'P1 s1 v1 m2 event 5 "r=1/12" is a 3:2 tuplet value that lasts 1/12, which is not a whole tuplet group.',
        fix: 'Complete the group so it lasts a plain value (three 1/12 make 1/4), or use plain values.',
      },
    ]);
  });
});

describe('plan: ties', () => {
  it('accepts ties that land inside the text and into the measure after the range', () => {
    const score = scoreOf(SMALL);
    accepted(score, {
      start: 1,
      parts: [1],
      text: 'P1 s1 v1 m1: C5=1/2~ C5=1/2~\nP1 s1 v1 m2: (C5 E5)=1/2 B4=1/2~\n',
    });
  });

  it('refuses a tie whose next event in the text does not hold its pitch', () => {
    const score = scoreOf(SMALL);
    expect(
      problemsOf(score, {
        start: 2,
        parts: [1],
        text: 'P1 s1 v1 m2: C5=1/2~ D5=1/2~\nP1 s1 v1 m3: F5=1\n',
      }),
    ).toEqual([
      {
        code: 'tie-not-landing',
        lane: 'P1 s1 v1 m2',
        line: 1,
        column: 14,
        message:
          'P1 s1 v1 m2 event 1 "C5=1/2~" ties C5, but the next event "D5=1/2~" does not hold C5.',
        fix: 'Remove the ~ after C5, or make the next event hold C5.',
      },
      {
        code: 'tie-not-landing',
        lane: 'P1 s1 v1 m2',
        line: 1,
        column: 22,
        message:
          'P1 s1 v1 m2 event 2 "D5=1/2~" ties D5, but the first event of P1 s1 v1 m3 "F5=1" does not hold D5.',
        fix: 'Remove the ~ after D5, or make the next event hold D5.',
      },
    ]);
  });

  it('refuses a tie out of the range that does not land in the score, or leaves the score', () => {
    const score = scoreOf(SMALL);
    expect(
      problemsOf(score, { start: 2, parts: [1], text: 'P1 s1 v1 m2: C5=1/2 (E5 G5~)=1/2\n' }),
    ).toEqual([
      {
        code: 'tie-not-landing',
        lane: 'P1 s1 v1 m2',
        line: 1,
        column: 21,
        message:
          'P1 s1 v1 m2 event 2 "(E5 G5~)=1/2" ties G5, but P1 s1 v1 m3 in the score, which starts with "B4=1/4", does not hold G5.',
        fix: 'Remove the ~ after G5, or include m3 in the rewrite so that P1 s1 v1 m3 starts with G5.',
      },
    ]);
    expect(problemsOf(score, { start: 4, parts: [1], text: 'P1 s1 v1 m4: C5=1~\n' })).toEqual([
      {
        code: 'tie-not-landing',
        lane: 'P1 s1 v1 m4',
        line: 1,
        column: 14,
        message: 'P1 s1 v1 m4 event 1 "C5=1~" ties C5 past the last measure.',
        fix: 'Remove the ~ after C5.',
      },
    ]);
  });

  it('repairs and reports a tie from before the range that no longer lands', () => {
    const score = scoreOf(SMALL);
    const planned = accepted(score, { start: 3, parts: [1], text: 'P1 s1 v1 m3: C5=1\n' });
    expect(planned.repairs).toEqual([
      {
        lane: 'P1 s1 v1 m2',
        pitch: 'B4',
        message:
          'P1 s1 v1 m2 tied B4 into m3, where P1 s1 v1 m3 no longer starts with B4; the tie was removed.',
      },
    ]);
    expect(
      planned.changes.map((change) => [change.unit, change.reason, change.before, change.after]),
    ).toEqual([
      ['P1 s1 m2', 'tie-repair', 'P1 s1 v1 m2: D5=1/2 B4~\n', 'P1 s1 v1 m2: D5=1/2 B4\n'],
      ['P1 s1 m3', 'rewrite', 'P1 s1 v1 m3: B4=1/4 A4 G4=1/2\n', 'P1 s1 v1 m3: C5=1\n'],
    ]);
    expect(apply(score, planned).ok).toBe(true);
    expect(lanesOf(score, 2, 3, [1])).toBe('P1 s1 v1 m2: D5=1/2 B4 | C5=1\n');
  });

  it('keeps a tie from before the range that still lands', () => {
    const score = scoreOf(SMALL);
    const planned = accepted(score, { start: 3, parts: [1], text: 'P1 s1 v1 m3: B4=1/2 C5=1/2\n' });
    expect(planned.repairs).toEqual([]);
    expect(planned.changes.map((change) => change.unit)).toEqual(['P1 s1 m3']);
  });
});

describe('plan: measure-count changes', () => {
  it('refuses lanes past the last measure without the flag', () => {
    const score = scoreOf(SMALL);
    expect(problemsOf(score, { start: 4, parts: [1], text: 'P1 s1 v1 m6: r=1\n' })).toEqual([
      {
        code: 'measure-count-change',
        lane: 'P1 s1 v1 m6',
        line: 1,
        column: 1,
        message: 'P1 s1 v1 m6 is past the last measure, m4; writing it adds 2 measures.',
        fix: 'Allow the measure-count change (allow_measure_count_change: true), or remove this lane.',
      },
    ]);
  });

  it('appends measures with the flag, with the signatures of the last measure', () => {
    const score = scoreOf(SMALL);
    const planned = accepted(score, {
      start: 4,
      parts: [1],
      text: 'P1 s1 v1 m4: G4=1~\nP1 s1 v1 m6: C5=1\nP1 s1 v1 m5: G4=1\n',
      allowMeasureCountChange: true,
    });
    expect(planned.addedMeasures).toBe(2);
    expect(apply(score, planned).ok).toBe(true);
    const read = readMeasures(score, { start: 4, end: 6 });
    if (!read.ok) throw new Error('read failed');
    expect(read.context.measureCount).toBe(6);
    expect(read.lanes).toBe(
      [
        'P1 s1 v1 m4: G4=1~',
        'P2 s1 v1 m4: (B3 D4)=1',
        'P2 s2 v1 m4: G2=1',
        'P1 s1 v1 m5: G4=1 | C5',
        'P2 s1 v1 m5: r=1 | r',
        'P2 s2 v1 m5: r=1 | r',
        '',
      ].join('\n'),
    );
  });
});

describe('plan: staleness', () => {
  function peers() {
    const agentDoc = new Y.Doc();
    const agent = scoreOf(SMALL, agentDoc, 'agent');
    const personDoc = new Y.Doc();
    syncAll(agentDoc, personDoc);
    const person = openScore(personDoc, { origin: 'person' });
    return { agent, person, agentDoc, personDoc };
  }

  it('accepts a write whose targets did not change, though another unit did', () => {
    const { agent, person, agentDoc, personDoc } = peers();
    const read = readMeasures(agent, { start: 3, end: 3 });
    if (!read.ok) throw new Error('read failed');
    const edit = accepted(person, { start: 1, parts: [2], text: 'P2 s2 v1 m1: G2=1/2 G2=1/2\n' });
    expect(apply(person, edit).ok).toBe(true);
    syncAll(agentDoc, personDoc);
    accepted(agent, {
      start: 3,
      parts: [1],
      text: 'P1 s1 v1 m3: B4=1/2 G4=1/2\n',
      revision: read.revision,
    });
  });

  it('refuses a write whose unit changed since its revision, on a peer not yet synced at the read', () => {
    const { agent, person, agentDoc, personDoc } = peers();
    const read = readMeasures(agent, { start: 3, end: 3 });
    if (!read.ok) throw new Error('read failed');
    const edit = accepted(person, { start: 3, parts: [1], text: 'P1 s1 v1 m3: B4=1 \n' });
    expect(apply(person, edit).ok).toBe(true);
    syncAll(agentDoc, personDoc);
    expect(
      problemsOf(agent, {
        start: 3,
        parts: [1],
        text: 'P1 s1 v1 m3: B4=1/2 G4=1/2\n',
        revision: read.revision,
      }),
    ).toEqual([
      {
        code: 'stale',
        lane: 'P1 s1 m3',
        message: `P1 s1 m3 changed after revision ${read.revision}.`,
        fix: 'Read m3 again and base the write on the new revision.',
      },
    ]);
  });

  it('refuses a write when a unit its tie reaches into changed', () => {
    const { agent, person, agentDoc, personDoc } = peers();
    const read = readMeasures(agent, { start: 1, end: 2 });
    if (!read.ok) throw new Error('read failed');
    const edit = accepted(person, { start: 3, parts: [1], text: 'P1 s1 v1 m3: B4=1\n' });
    expect(apply(person, edit).ok).toBe(true);
    syncAll(agentDoc, personDoc);
    const problems = problemsOf(agent, {
      start: 2,
      parts: [1],
      text: 'P1 s1 v1 m2: D5=1/2 B4=1/2~\n',
      revision: read.revision,
    });
    expect(problems.map((problem) => [problem.code, problem.lane])).toEqual([
      ['stale', 'P1 s1 m3'],
    ]);
  });

  it('accepts a write when measures were added only after its range', () => {
    const { agent, person, agentDoc, personDoc } = peers();
    const read = readMeasures(agent, { start: 3, end: 3 });
    if (!read.ok) throw new Error('read failed');
    const edit = accepted(person, {
      start: 4,
      parts: [1],
      text: 'P1 s1 v1 m5: r=1\n',
      allowMeasureCountChange: true,
    });
    expect(apply(person, edit).ok).toBe(true);
    syncAll(agentDoc, personDoc);
    accepted(agent, { start: 3, parts: [1], text: 'P1 s1 v1 m3: B4=1\n', revision: read.revision });
  });

  it('refuses a revision the score never gave out', () => {
    const score = scoreOf(SMALL);
    expect(
      problemsOf(score, { start: 3, parts: [1], text: 'P1 s1 v1 m3: B4=1\n', revision: 'r1.!!' }),
    ).toEqual([
      {
        code: 'invalid-revision',
        message: '"r1.!!" is not a revision of this score.',
        fix: 'Pass the revision that the last read returned, or leave it out.',
      },
    ]);
  });
});

describe('apply', () => {
  it('writes a plan in one transaction with the score origin', () => {
    const score = scoreOf(SMALL, new Y.Doc(), 'agent-7');
    const origins: unknown[] = [];
    score.doc.on('afterTransaction', (transaction) => origins.push(transaction.origin));
    const planned = accepted(score, {
      start: 2,
      parts: [1, 2],
      text: 'P1 s1 v1 m2: D5=1\nP2 s2 v1 m2: D3=1/2 A2=1/2\nP1 s1 v1 m3: B4=1\n',
    });
    const applied = apply(score, planned);
    expect(applied.ok && applied.range).toEqual({ start: 2, end: 3 });
    expect(origins).toEqual(['agent-7']);
  });

  it('refuses a plan whose target changed after planning, changing nothing', () => {
    const docA = new Y.Doc();
    const a = scoreOf(SMALL, docA);
    const docB = new Y.Doc();
    syncAll(docA, docB);
    const b = openScore(docB);
    const planned = accepted(a, { start: 3, parts: [1], text: 'P1 s1 v1 m3: A4=1\n' });
    expect(apply(b, accepted(b, { start: 3, parts: [1], text: 'P1 s1 v1 m3: G4=1\n' })).ok).toBe(
      true,
    );
    syncAll(docA, docB);
    const before = stateVector(a);
    const applied = apply(a, planned);
    expect(applied.ok).toBe(false);
    expect(stateVector(a)).toEqual(before);
  });

  it('keeps attachments of events written again unchanged and reports those it drops', () => {
    const doc = new Y.Doc();
    const score = scoreOf(SMALL, doc);
    const first = accepted(score, { start: 1, parts: [1], text: 'P1 s1 v1 m1: G4=1/2 A4=1/2\n' });
    const withLyrics = first.writes.map((write) =>
      write.op === 'unit'
        ? {
            ...write,
            content: {
              voices: write.content.voices.map((voice) => ({
                voice: voice.voice,
                events: voice.events.map((event, index) => ({
                  ...event,
                  attachments: { lyric: `s${index}` },
                })),
              })),
            },
          }
        : write,
    );
    expect(apply(score, { ...first, writes: withLyrics }).ok).toBe(true);
    const second = accepted(score, { start: 1, parts: [1], text: 'P1 s1 v1 m1: G4=1/2 B4=1/2\n' });
    expect(second.dropped).toEqual([
      {
        lane: 'P1 s1 v1 m1',
        event: 2,
        marks: [],
        message:
          'P1 s1 v1 m1: event 2 lost attachments that do not say what they hold: {"lyric":"s1"}.',
        attachments: { lyric: 's1' },
      },
    ]);
    const kept = second.writes.find((write) => write.op === 'unit');
    expect(kept?.op === 'unit' && kept.content.voices[0]?.events.map((e) => e.attachments)).toEqual(
      [{ lyric: 's0' }, undefined],
    );
  });
});

describe('apply misuse', () => {
  it('refuses a plan made for another score, writing nothing', () => {
    const big = scoreOf(SMALL.replace('%% measures 4', '%% measures 8'));
    const planned = accepted(big, { start: 7, parts: [1], text: 'P1 s1 v1 m7: C5=1\n' });
    const small = scoreOf(SMALL);
    const before = stateVector(small);
    expect(apply(small, planned).ok).toBe(false);
    expect(stateVector(small)).toEqual(before);
  });

  it('throws, writing nothing, for a plan whose writes name what the score does not have', () => {
    const score = scoreOf(SMALL);
    const planned = accepted(score, { start: 1, parts: [1], text: 'P1 s1 v1 m1: C5=1\n' });
    const before = stateVector(score);
    const forged = {
      ...planned,
      writes: planned.writes.map((write) => (write.op === 'unit' ? { ...write, part: 9 } : write)),
    };
    expect(() => apply(score, forged)).toThrow(
      "This plan does not fit this score (P9 s1); make plans with this score's planners.",
    );
    expect(stateVector(score)).toEqual(before);
  });
});

describe('plan: grace notes', () => {
  const LONG = SMALL.replace('%% measures 4', '%% measures 16');

  it('refuses a tie on a trailing grace note that the next measure does not start with', () => {
    const score = scoreOf(LONG);
    expect(
      problemsOf(score, { start: 2, parts: [1], text: 'P1 s1 v1 m2: C5=1 D5=g1/8~\n' }),
    ).toEqual([
      {
        code: 'tie-not-landing',
        lane: 'P1 s1 v1 m2',
        line: 1,
        column: 19,
        message:
          'P1 s1 v1 m2 event 2 "D5=g1/8~" ties D5, but P1 s1 v1 m3 in the score, which starts with "B4=1/4", does not hold D5.',
        fix: 'Remove the ~ after D5, or include m3 in the rewrite so that P1 s1 v1 m3 starts with D5.',
      },
    ]);
    expect(
      problemsOf(score, { start: 16, parts: [1], text: 'P1 s1 v1 m16: C5=1 D5=g1/8~\n' }),
    ).toEqual([
      {
        code: 'tie-not-landing',
        lane: 'P1 s1 v1 m16',
        line: 1,
        column: 20,
        message: 'P1 s1 v1 m16 event 2 "D5=g1/8~" ties D5 past the last measure.',
        fix: 'Remove the ~ after D5.',
      },
    ]);
  });

  it('accepts a tie on a trailing grace note that lands on the next event of the lane', () => {
    const score = scoreOf(LONG);
    accepted(score, { start: 2, parts: [1], text: 'P1 s1 v1 m2: C5=1 B4=g1/8~\n' });
    accepted(score, {
      start: 2,
      parts: [1],
      text: 'P1 s1 v1 m2: C5=1 D5=g1/8~\nP1 s1 v1 m3: D5=g1/16 B4=1\n',
    });
  });

  it('refuses a grace note whose printed value is not a plain or dotted value', () => {
    const score = scoreOf(SMALL);
    expect(
      problemsOf(score, { start: 1, parts: [1], text: 'P1 s1 v1 m1: C5=g1/12 D5=g1/7 C5=1\n' }),
    ).toEqual([
      {
        code: 'unnotatable-duration',
        lane: 'P1 s1 v1 m1',
        line: 1,
        column: 14,
        message:
          'P1 s1 v1 m1 event 1 "C5=g1/12" is a grace note printed as 1/12, which is not a plain or dotted value.',
        fix: 'A grace note is printed as a plain or dotted value: g1/8, g1/16, g3/16.',
      },
      {
        code: 'unnotatable-duration',
        lane: 'P1 s1 v1 m1',
        line: 1,
        column: 23,
        message:
          'P1 s1 v1 m1 event 2 "D5=g1/7" is a grace note printed as 1/7, which is not a plain or dotted value.',
        fix: 'A grace note is printed as a plain or dotted value: g1/8, g1/16, g3/16.',
      },
    ]);
  });
});

describe('plan: problem texts an agent can act on', () => {
  const LONG = SMALL.replace('%% measures 4', '%% measures 16');

  it('names the flag when the start is one past the last measure', () => {
    const score = scoreOf(LONG);
    expect(problemsOf(score, { start: 17, parts: [1], text: 'P1 s1 v1 m17: C5=1\n' })).toEqual([
      {
        code: 'measure-count-change',
        message:
          'The rewrite starts at m17, past the last measure (the score has measures 1-16); measures past the end are appended only when the measure-count change is allowed.',
        fix: 'Start at a measure between 1 and 16, or allow the measure-count change to append m17: allow_measure_count_change: true.',
      },
    ]);
  });

  it('refuses an empty parts list', () => {
    const score = scoreOf(SMALL);
    expect(problemsOf(score, { start: 1, parts: [], text: 'P1 s1 v1 m1: C5=1\n' })).toEqual([
      {
        code: 'unknown-part',
        message: 'The request names no parts: its parts list is empty.',
        fix: 'Name at least one part between 1 and 2, or leave parts out to mean all parts.',
      },
    ]);
  });

  it('quotes the range that is allowed for a lane before the start', () => {
    const score = scoreOf(LONG);
    expect(problemsOf(score, { start: 3, parts: [1], text: 'P1 s1 v1 m1: C5=1\n' })).toEqual([
      {
        code: 'outside-range',
        lane: 'P1 s1 v1 m1',
        line: 1,
        column: 1,
        message: "P1 s1 v1 m1 is outside the rewrite's range, m3-m16.",
        fix: 'Start the rewrite at m1, or remove this lane.',
      },
    ]);
  });

  it('names the one staff of a part that has one', () => {
    const score = scoreOf(SMALL);
    expect(problemsOf(score, { start: 1, parts: [1], text: 'P1 s2 v1 m1: C5=1\n' })).toEqual([
      {
        code: 'unknown-staff',
        lane: 'P1 s2 v1 m1',
        line: 1,
        column: 1,
        message: 'P1 s2 v1 m1 is for staff 2, but part 1 ("Violin") has 1 staff.',
        fix: 'Part P1 has one staff: use s1.',
      },
    ]);
  });

  it('suggests only rests that can be printed to fill a measure', () => {
    const score = scoreOf(SMALL);
    const fixes = (text: string) =>
      problemsOf(score, { start: 1, parts: [1], text })
        .filter((problem) => problem.code === 'measure-fill')
        .map((problem) => problem.fix);
    expect(fixes('P1 s1 v1 m1: C5=3/8\n')).toEqual([
      'Add 5/8 to the lane, for example r=1/2 r=1/8 at its end, or lengthen its events.',
    ]);
    expect(fixes('P1 s1 v1 m1: C5=1/2 D5=1/12\n')).toEqual([
      'Add 5/12 to the lane: complete its 3:2 tuplet group, for example with r=1/12 r=1/12 r=1/4 at its end, or lengthen its events.',
    ]);
    expect(fixes('P1 s1 v1 m1: C5=3/4 D5=1/7\n')).toEqual([
      '3/28 is not a plain or dotted value, so no single rest fills it: change the durations so that tuplet values make whole groups and the lane adds up to its measure.',
    ]);
  });

  it('gives an incomplete-tuplet example that fits in the measure', () => {
    const score = scoreOf(SMALL);
    const problems = problemsOf(score, {
      start: 1,
      parts: [1],
      text: 'P1 s1 v1 m1: C5=2/3 r=1/4 r=1/12\n',
    }).filter((problem) => problem.code === 'incomplete-tuplet');
    expect(problems.map((problem) => problem.fix)).toEqual([
      'Complete the group so it lasts a plain value (three 1/3 make 1), or use plain values.',
      'Complete the group so it lasts a plain value (three 1/12 make 1/4), or use plain values.',
    ]);
  });
});

describe('plan: revisions and documents', () => {
  it('refuses a revision another score gave out as invalid, not stale', () => {
    const score = scoreOf(SMALL);
    const other = readMeasures(scoreOf(SMALL), { start: 1, end: 1 });
    if (!other.ok) throw new Error('read failed');
    expect(
      problemsOf(score, {
        start: 1,
        parts: [1],
        text: 'P1 s1 v1 m1: C5=1\n',
        revision: other.revision,
      }),
    ).toEqual([
      {
        code: 'invalid-revision',
        message: 'This revision was not given out for this score (it comes from another document).',
        fix: 'Read the measures of this score again and pass the revision that read returns, or leave it out.',
      },
    ]);
  });

  it('accepts a revision a synced peer of the same score gave out', () => {
    const docA = new Y.Doc();
    const a = scoreOf(SMALL, docA);
    const docB = new Y.Doc();
    syncAll(docA, docB);
    const read = readMeasures(openScore(docB), { start: 1, end: 1 });
    if (!read.ok) throw new Error('read failed');
    accepted(a, { start: 1, parts: [1], text: 'P1 s1 v1 m1: C5=1\n', revision: read.revision });
  });

  it('refuses to plan on a document that holds no score', () => {
    const score = openScore(new Y.Doc());
    expect(problemsOf(score, { start: 1, text: 'P1 s1 v1 m1: C5=1\n' })).toEqual([
      {
        code: 'no-score',
        message:
          'This document holds no score: nothing was created in it, or it has not synced yet.',
        fix: 'Wait for the document to sync, or create a score in it (createScore, or import a file) first.',
      },
    ]);
  });
});
