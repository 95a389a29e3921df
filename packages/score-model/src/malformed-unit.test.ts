import { describe, expect, it } from 'vitest';
import { apply } from './apply-plan.ts';
import { SMALL, scoreOf } from './fixtures.test-support.ts';
import { ROOT_NAMES } from './layout.ts';
import { plan } from './plan-rewrite.ts';
import { readMeasures } from './read-measures.ts';
import { validate } from './validate.ts';

/** Puts `value` where P1 s1 m2's unit is stored, as a tampered peer could. */
function tamper(value: unknown) {
  const score = scoreOf(SMALL);
  const partId = score.doc.getArray<string>(ROOT_NAMES.partOrder).get(0);
  const measureId = score.doc.getArray<string>(ROOT_NAMES.measureOrder).get(1);
  score.doc.getMap<unknown>(ROOT_NAMES.units).set(`${partId}/1/${measureId}`, value);
  return score;
}

const NOT_UNITS: readonly unknown[] = [
  'text',
  null,
  { voices: 7 },
  { voices: [{ voice: 1, events: [{ kind: 'note', duration: [1, 2], pitch: 'Q4' }] }] },
  { voices: [{ voice: 1, events: [{ kind: 'mystery', duration: [1, 2] }] }] },
  { voices: [{ voice: 0, events: [] }] },
];

describe('a stored value that is not a unit', () => {
  it.each(NOT_UNITS.map((value) => [JSON.stringify(value), value]))(
    '%s reads as a rest, is reported by validate, and a rewrite replaces it',
    (_label, value) => {
      const score = tamper(value);
      const read = readMeasures(score, { start: 2, end: 2, parts: [1] });
      expect(read.ok).toBe(true);
      if (read.ok) expect(read.text).toContain('P1 s1 v1 m2: r=1');

      const checked = validate(score);
      expect(checked.ok).toBe(false);
      if (!checked.ok) {
        expect(checked.problems).toEqual([
          expect.objectContaining({ code: 'malformed-unit', lane: 'P1 s1 m2' }),
        ]);
      }

      const planned = plan(score, { start: 2, parts: [1], text: 'P1 s1 v1 m2: D5=1/2 B4=1/2~\n' });
      expect(planned.ok).toBe(true);
      if (planned.ok) apply(score, planned.plan);
      expect(validate(score).ok).toBe(true);
    },
  );
});
