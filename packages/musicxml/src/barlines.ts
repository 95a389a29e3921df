/**
 * Bar lines between MusicXML's `<barline>` elements and the model's
 * (`MeasureInfo.barlines`): import reads the first part's `<barline>`s
 * (repeat signs, endings, double and final bars) into the score-wide model;
 * export keeps each part's kept `<barline>` elements wherever they still say
 * what the model has (so a file comes back exactly), and otherwise rewrites
 * only their bar style, ending and repeat, keeping what else they carry (a
 * fermata, segno or coda), or writes new ones.
 */
import { type Rational, ZERO } from '@scorelane/lanes-seq';
import type { EndBarline, MeasureBarlines, MeasureInfo } from '@scorelane/score-model';
import {
  child,
  element,
  isElement,
  withChildren,
  type XmlElement,
  type XmlNode,
} from './xml-tree.ts';

/**
 * What the `<barline>`s of one measure say of the model's bar lines: a
 * repeat start, the end bar line (and `times`), a volta beginning (its
 * numbers) and a volta ending (`closed`: `stop`; `open`: `discontinue`).
 *
 * @example
 * ```ts
 * const signs: BarlineSigns = { repeatStart: false, end: 'repeat', voltaStop: 'closed' };
 * ```
 */
export interface BarlineSigns {
  readonly repeatStart: boolean;
  readonly end?: EndBarline;
  readonly times?: number;
  readonly voltaStart?: readonly number[];
  readonly voltaStop?: 'closed' | 'open';
}

/** The children of a `<barline>` the model owns. */
const OWNED: ReadonlySet<string> = new Set(['bar-style', 'ending', 'repeat']);

/** The bar styles the model reads; any other (dashed, heavy, ...) reads as a plain bar line. */
const STYLE_OF_END: Readonly<Record<string, EndBarline>> = {
  'light-light': 'double',
  'light-heavy': 'final',
};

/** The passes of an ending's `number` ("1", "1, 2", "1 2"), or `undefined` when it names none. */
function endingNumbers(text: string | undefined): number[] | undefined {
  const parts = (text ?? '').split(/[\s,]+/).filter((part) => part !== '');
  const numbers = parts.map(Number);
  if (parts.length === 0 || !numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= 99))
    return undefined;
  return [...new Set(numbers)].sort((a, b) => a - b);
}

function isBarline(item: { readonly x: XmlElement }): boolean {
  return item.x.n === 'barline';
}

function locationOf(barline: XmlElement): string {
  return barline.a?.location ?? 'right';
}

/**
 * What `barlines` (the `<barline>` elements of one measure of one part) say.
 *
 * @example
 * ```ts
 * barlineSigns([{ n: 'barline', a: { location: 'left' }, c: [{ n: 'repeat', a: { direction: 'forward' } }] }]);
 * // { repeatStart: true }
 * ```
 */
export function barlineSigns(barlines: readonly XmlElement[]): BarlineSigns {
  const signs: { -readonly [K in keyof BarlineSigns]: BarlineSigns[K] } = { repeatStart: false };
  for (const barline of barlines) {
    const location = locationOf(barline);
    const repeat = child(barline, 'repeat');
    const ending = child(barline, 'ending');
    if (location === 'left') {
      if (repeat?.a?.direction === 'forward') signs.repeatStart = true;
      if (ending?.a?.type === 'start') {
        const numbers = endingNumbers(ending.a.number);
        if (numbers) signs.voltaStart = numbers;
      }
    } else if (location === 'right') {
      const style = child(barline, 'bar-style');
      const styled = STYLE_OF_END[(style?.c?.[0] as string | undefined)?.trim() ?? ''];
      if (styled) signs.end = styled;
      if (repeat?.a?.direction === 'backward') {
        signs.end = 'repeat';
        const times = Number(repeat.a.times);
        if (Number.isInteger(times) && times >= 1 && times <= 99) signs.times = times;
      }
      if (ending?.a?.type === 'stop' && endingNumbers(ending.a.number)) signs.voltaStop = 'closed';
      if (ending?.a?.type === 'discontinue' && endingNumbers(ending.a.number))
        signs.voltaStop = 'open';
    }
  }
  return signs;
}

/**
 * The model's bar lines of every measure, from the `<barline>` elements of
 * each measure of the first part, in order: a volta runs from an ending's
 * start to its stop (or discontinue).
 *
 * @example
 * ```ts
 * importedBarlines(part.measures.map((m) => m.items.map((item) => item.x).filter(isBarline)));
 * ```
 */
export function importedBarlines(
  measures: readonly (readonly XmlElement[])[],
): (MeasureBarlines | undefined)[] {
  let open: readonly number[] | undefined;
  return measures.map((barlines) => {
    const signs = barlineSigns(barlines);
    if (signs.voltaStart) open = signs.voltaStart;
    const draft: { -readonly [K in keyof MeasureBarlines]: MeasureBarlines[K] } = {};
    if (signs.repeatStart) draft.repeatStart = true;
    if (signs.end) draft.end = signs.end;
    if (signs.end === 'repeat' && signs.times !== undefined) draft.times = signs.times;
    if (open) {
      draft.volta = { numbers: open, ...(signs.voltaStop ? { end: signs.voltaStop } : {}) };
      if (signs.voltaStop) open = undefined;
    }
    return Object.keys(draft).length > 0 ? draft : undefined;
  });
}

/**
 * What the model's bar lines of measure `measure` (1-based) of `measures`
 * say as signs, the volta's start only where a volta begins.
 *
 * @example
 * ```ts
 * modelSigns(snapshot.measures, 3); // { repeatStart: false, end: 'repeat', voltaStop: 'closed' }
 * ```
 */
export function modelSigns(measures: readonly MeasureInfo[], measure: number): BarlineSigns {
  const barlines = measures[measure - 1]?.barlines;
  const volta = barlines?.volta;
  const begins = volta !== undefined && voltaBeginsAt(measures, measure);
  return {
    repeatStart: barlines?.repeatStart === true,
    ...(barlines?.end ? { end: barlines.end } : {}),
    ...(barlines?.end === 'repeat' && barlines.times !== undefined
      ? { times: barlines.times }
      : {}),
    ...(volta && begins ? { voltaStart: volta.numbers } : {}),
    ...(volta?.end ? { voltaStop: volta.end } : {}),
  };
}

/**
 * Whether the volta of measure `measure` begins there, as `voltaSpans` of
 * score-model spans them: the measure before has no volta, or its volta
 * ended there, or has other numbers. (Read from that one measure, not by
 * spanning the whole score for each measure, which made export quadratic.)
 */
function voltaBeginsAt(measures: readonly MeasureInfo[], measure: number): boolean {
  const volta = measures[measure - 1]?.barlines?.volta;
  const previous = measures[measure - 2]?.barlines?.volta;
  if (!volta) return false;
  if (!previous || previous.end !== undefined) return true;
  return previous.numbers.join(',') !== volta.numbers.join(',');
}

function sameSigns(a: BarlineSigns, b: BarlineSigns): boolean {
  return (
    a.repeatStart === b.repeatStart &&
    a.end === b.end &&
    (a.end === 'repeat' ? (a.times ?? 2) === (b.times ?? 2) : true) &&
    (a.voltaStart ?? []).join(',') === (b.voltaStart ?? []).join(',') &&
    a.voltaStop === b.voltaStop
  );
}

/** A `<barline>` at `location` with the model's signs, keeping the children of `kept` the model does not own. */
function rewritten(
  kept: XmlElement | undefined,
  location: 'left' | 'right',
  signs: BarlineSigns,
  volta: readonly number[] | undefined,
): XmlElement | undefined {
  const others = (kept?.c ?? []).filter((node) => !(isElement(node) && OWNED.has(node.n)));
  const keptStyle = kept && child(kept, 'bar-style');
  const keptStyleText = (keptStyle?.c?.[0] as string | undefined)?.trim() ?? '';
  const children: XmlNode[] = [];
  let style: string | undefined;
  if (location === 'left') {
    if (signs.repeatStart) style = 'heavy-light';
    else if (keptStyle && keptStyleText !== 'heavy-light') style = keptStyleText;
  } else if (signs.end === 'double') style = 'light-light';
  else if (signs.end === 'final' || signs.end === 'repeat') style = 'light-heavy';
  else if (keptStyle && !(keptStyleText in STYLE_OF_END)) style = keptStyleText;
  if (style !== undefined) children.push(element('bar-style', {}, [style]));
  children.push(...others);
  const numbers = (volta ?? []).join(', ');
  if (location === 'left' && signs.voltaStart)
    children.push(element('ending', { number: signs.voltaStart.join(', '), type: 'start' }));
  if (location === 'right' && signs.voltaStop)
    children.push(
      element('ending', {
        number: numbers,
        type: signs.voltaStop === 'closed' ? 'stop' : 'discontinue',
      }),
    );
  if (location === 'left' && signs.repeatStart)
    children.push(element('repeat', { direction: 'forward' }));
  if (location === 'right' && signs.end === 'repeat')
    children.push(
      element('repeat', {
        direction: 'backward',
        ...(signs.times !== undefined ? { times: String(signs.times) } : {}),
      }),
    );
  const plain = children.length === 0 || (children.length === 1 && style === 'regular');
  if (plain && !kept) return undefined;
  if (plain && others.length === 0) return undefined;
  return withChildren(kept ?? element('barline', { location }), children);
}

/**
 * A staff's kept items (`{ at, x }`) with their `<barline>` elements saying
 * the model's bar lines of `measure`: `items` itself when they already
 * do; else the left and right ones rewritten (their fermata, segno or coda
 * kept), added or left out.
 *
 * @example
 * ```ts
 * barlinesAsTheModelHasThem(items, snapshot.measures, 3, lengthOf(info));
 * ```
 */
export function barlinesAsTheModelHasThem<
  T extends { readonly at: Rational; readonly x: XmlElement },
>(
  items: readonly T[],
  measures: readonly MeasureInfo[],
  measure: number,
  length: Rational,
): readonly (T | { at: Rational; x: XmlElement })[] {
  // Most measures have no bar line, kept or of the model's: nothing to compare or copy then.
  if (measures[measure - 1]?.barlines === undefined && !items.some(isBarline)) return items;
  const kept = items.filter((item) => item.x.n === 'barline').map((item) => item.x);
  const model = modelSigns(measures, measure);
  const said = barlineSigns(kept);
  // An ending's stop with no volta open (as the file may have it) is no volta of the model's: import passed it by.
  const openBefore =
    measures[measure - 2]?.barlines?.volta?.end === undefined &&
    measures[measure - 2]?.barlines?.volta !== undefined;
  const orphanStop =
    said.voltaStop !== undefined &&
    !said.voltaStart &&
    !openBefore &&
    !measures[measure - 1]?.barlines?.volta;
  const { voltaStop: _stop, ...withoutStop } = said;
  if (sameSigns(orphanStop ? withoutStop : said, model)) return items;
  const volta = measures[measure - 1]?.barlines?.volta?.numbers;
  const keptAt = (location: string) => kept.find((barline) => locationOf(barline) === location);
  const left = rewritten(keptAt('left'), 'left', model, volta);
  const right = rewritten(keptAt('right'), 'right', model, volta);
  const result: (T | { at: Rational; x: XmlElement })[] = [];
  for (const item of items) {
    if (item.x.n !== 'barline') result.push(item);
    else if (locationOf(item.x) === 'left' && left) result.push({ at: item.at, x: left });
    else if (locationOf(item.x) === 'right' && right) result.push({ at: item.at, x: right });
    else if (locationOf(item.x) !== 'left' && locationOf(item.x) !== 'right') result.push(item);
  }
  if (left && !keptAt('left')) {
    // After what opens the measure (print, attributes), before everything else at 0.
    let at = 0;
    while (
      at < result.length &&
      result[at]!.at.num === 0 &&
      ['print', 'attributes'].includes(result[at]!.x.n)
    )
      at++;
    result.splice(at, 0, { at: ZERO, x: left });
  }
  if (right && !keptAt('right')) result.push({ at: length, x: right });
  return result;
}
