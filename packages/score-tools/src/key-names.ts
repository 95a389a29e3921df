/**
 * Names for the keys of a score's Y.Doc, as an agent reads them: the unit
 * `"<partId>/<staff>/<measureId>"` is `P1 s1 m6`, the measure `m6`.
 */
import { type Score, scoreTypes } from '@scorelane/score-model';

/**
 * The agent-facing name of a key of `scorelane.units` or `scorelane.measures`,
 * with today's part and measure numbers; a key whose measure or part is gone
 * is named as such.
 *
 * @example
 * ```ts
 * keyName(score, 'units', 'p1.5.0/1/m1.9.5'); // 'P1 s1 m6'
 * ```
 */
export function keyName(score: Score, map: 'units' | 'measures', key: string): string {
  const types = scoreTypes(score.doc);
  const measureNumber = (id: string) => types.measureOrder.toArray().indexOf(id) + 1;
  if (map === 'measures') {
    const measure = measureNumber(key);
    return measure > 0 ? `m${measure}` : 'a deleted measure';
  }
  const [partId = '', staff = '', measureId = ''] = key.split('/');
  const part = types.partOrder.toArray().indexOf(partId) + 1;
  const measure = measureNumber(measureId);
  if (part === 0 || measure === 0) return 'a unit of a deleted measure';
  return `P${part} s${staff} m${measure}`;
}
