import { describe, expect, it } from 'vitest';
import { apply } from './apply-plan.ts';
import { SMALL, scoreOf } from './fixtures.test-support.ts';
import type { Json } from './json.ts';
import { type Mark, withMarks } from './marks.ts';
import { planDeleteMeasures } from './measure-edits.ts';
import { plan } from './plan-rewrite.ts';
import type { ScorePlan } from './plan-types.ts';
import type { Score } from './score.ts';

function accepted(result: ReturnType<typeof plan>): ScorePlan {
  if (!result.ok) throw new Error(result.problems.map((problem) => problem.message).join('\n'));
  return result.plan;
}

/** An attachment as an importer stores it: its own data (here a stand-in) and the marks it lists. */
function described(marks: readonly Mark[]): Json {
  return withMarks({ format: { layout: 'default-x 12, stem up' } }, marks);
}

/**
 * Writes `text` over P1's measures and gives event `index` (0-based) of
 * each written measure's voice 1 the attachment `attach(measure, index)`,
 * and the unit itself `attachUnit(measure)`.
 */
function attachAll(
  score: Score,
  start: number,
  text: string,
  attach: (measure: number, index: number) => Json | undefined,
  attachUnit: (measure: number) => Json | undefined = () => undefined,
): void {
  const planned = accepted(plan(score, { start, parts: [1], text }));
  const writes = planned.writes.map((write) =>
    write.op !== 'unit'
      ? write
      : {
          ...write,
          content: {
            ...write.content,
            ...(attachUnit(write.measure) !== undefined
              ? { attachments: attachUnit(write.measure)! }
              : {}),
            voices: write.content.voices.map((voice) => ({
              voice: voice.voice,
              events: voice.events.map((event, index) => {
                const attachments = attach(write.measure, index);
                return attachments === undefined ? event : { ...event, attachments };
              }),
            })),
          },
        },
  );
  expect(apply(score, { ...planned, writes }).ok).toBe(true);
}

const MELODY =
  'P1 s1 v1 m1: G4=1/4 A4=1/4 B4=1/4 C5=1/4\nP1 s1 v1 m2: D5=1/4 C5=1/4 B4=1/4 A4=1/4\nP1 s1 v1 m3: B4=1/4 A4=1/4 G4=1/2\n';

/** m1-m3 with layout on every note, a staccato and the lyric "la" on m2's first note, and a slur from it to m3's first. */
function markedScore(unitMarks: Json | undefined = undefined): Score {
  // P1 starts as rests, so the melody writes every one of its units.
  const score = scoreOf(SMALL.replace(/^P1 .*\n/gm, ''));
  attachAll(
    score,
    1,
    MELODY,
    (measure, index) => {
      if (measure === 2 && index === 0)
        return described([
          { kind: 'articulation', name: 'staccato' },
          { kind: 'slur-start', number: '1' },
          { kind: 'lyric', text: 'la' },
        ]);
      if (measure === 3 && index === 0) return described([{ kind: 'slur-stop', number: '1' }]);
      return described([]);
    },
    (measure) => (measure === 2 ? unitMarks : undefined),
  );
  return score;
}

describe('what a rewrite drops, in words', () => {
  it('reports nothing when the rewrite writes the same notes again: every mark stays', () => {
    const score = markedScore();
    const planned = accepted(
      plan(score, { start: 2, parts: [1], text: 'P1 s1 v1 m2: D5=1/4 C5=1/4 B4=1/4 A4=1/4\n' }),
    );
    expect(planned.dropped).toEqual([]);
    expect(apply(score, planned).ok).toBe(true);
    const again = accepted(
      plan(score, { start: 2, parts: [1], text: 'P1 s1 v1 m2: E5=1/4 C5=1/4 B4=1/4 A4=1/4\n' }),
    );
    expect(again.dropped.map((drop) => drop.marks)).toEqual([
      [
        { kind: 'articulation', name: 'staccato' },
        { kind: 'slur-start', number: '1' },
        { kind: 'lyric', text: 'la' },
      ],
    ]);
  });

  it('drops layout without a word when changed notes held nothing musical', () => {
    const score = markedScore();
    const planned = accepted(
      plan(score, { start: 2, parts: [1], text: 'P1 s1 v1 m2: D5=1/4 E5=1/4 F5=1/4 G5=1/4\n' }),
    );
    expect(planned.dropped).toEqual([]);
  });

  it('names each musical mark of a changed note, and where the slur it started ended', () => {
    const score = markedScore();
    const planned = accepted(
      plan(score, { start: 2, parts: [1], text: 'P1 s1 v1 m2: E5=1/4 C5=1/4 B4=1/4 A4=1/4\n' }),
    );
    expect(planned.dropped.map(({ attachments: _kept, ...drop }) => drop)).toEqual([
      {
        lane: 'P1 s1 v1 m2',
        event: 1,
        marks: [
          { kind: 'articulation', name: 'staccato' },
          { kind: 'slur-start', number: '1' },
          { kind: 'lyric', text: 'la' },
        ],
        message:
          'P1 s1 v1 m2: event 1 lost a staccato, the slur that ran from here to the note in m3, and the lyric "la".',
      },
    ]);
  });

  it('names the start of a slur whose end is lost', () => {
    const score = markedScore();
    const planned = accepted(plan(score, { start: 3, parts: [1], text: 'P1 s1 v1 m3: C5=1\n' }));
    expect(planned.dropped.map((drop) => drop.message)).toEqual([
      'P1 s1 v1 m3: event 1 lost the slur that ran to here from the note in m2.',
    ]);
  });

  it('reports an attachment that does not list its marks, quoting it', () => {
    const score = scoreOf(SMALL);
    attachAll(score, 1, MELODY, (measure, index) =>
      measure === 2 && index === 1 ? { lyric: 'joy' } : undefined,
    );
    const planned = accepted(plan(score, { start: 2, parts: [1], text: 'P1 s1 v1 m2: D5=1\n' }));
    expect(planned.dropped.map((drop) => drop.message)).toEqual([
      'P1 s1 v1 m2: event 2 lost attachments that do not say what they hold: {"lyric":"joy"}.',
    ]);
  });

  it('lists the marks of deleted measures, on their notes and between them', () => {
    const score = markedScore(described([{ kind: 'dynamic', text: 'mf' }]));
    const deletion = planDeleteMeasures(score, { start: 2, end: 2 });
    expect(deletion.ok && deletion.plan.dropped.map((drop) => drop.message)).toEqual([
      'P1 s1 m2: lost the dynamic mf (between its notes).',
      'P1 s1 v1 m2: event 1 lost a staccato, the slur that ran from here to the note in m3, and the lyric "la".',
    ]);
  });
});
