/**
 * The engraved score in the page: each measure (Verovio's `g.measure`, its
 * measure number in `data-measure`, see `chunked-engraving.ts`) clickable,
 * the selection and the last change marked on it.
 */
import type { ScoreSelection } from '@scorelane/score-tools';
import { rangeHas } from './measure-range.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The measure elements engraved now, in score order (ranges not engraved yet have none). */
export function measureElements(root: ParentNode): SVGGElement[] {
  return [...root.querySelectorAll<SVGGElement>('svg g.measure')];
}

/** The 1-based measure number of an engraved measure element, or `null` when it has none. */
export function measureNumberOf(element: Element): number | null {
  const number = Number((element as SVGGElement).dataset?.measure);
  return Number.isInteger(number) && number >= 1 ? number : null;
}

/** The 1-based measure a click landed in, or `null` outside every measure. */
export function measureAt(_root: ParentNode, target: EventTarget | null): number | null {
  if (!(target instanceof Element)) return null;
  const measure = target.closest('g.measure');
  return measure === null ? null : measureNumberOf(measure);
}

/** Puts a backdrop behind every engraved measure in `root`. */
export function addBackdrops(root: ParentNode): void {
  for (const measure of measureElements(root)) addBackdrop(measure);
}

/** A rectangle behind a measure's notes, which the selection and highlight colour. */
function addBackdrop(measure: SVGGElement): void {
  const box = measure.getBBox();
  const backdrop = document.createElementNS(SVG_NS, 'rect');
  backdrop.setAttribute('class', 'measure-backdrop');
  backdrop.setAttribute('x', String(box.x));
  backdrop.setAttribute('y', String(box.y));
  backdrop.setAttribute('width', String(box.width));
  backdrop.setAttribute('height', String(box.height));
  measure.insertBefore(backdrop, measure.firstChild);
}

/** Marks the measures of `selection` `.selected` and those of `highlight` `.agent-change`. */
export function markMeasures(
  container: HTMLElement,
  selection: ScoreSelection | null,
  highlight: ScoreSelection | null,
): void {
  for (const measure of measureElements(container)) {
    const number = measureNumberOf(measure) ?? 0;
    measure.classList.toggle('selected', rangeHas(selection, number));
    measure.classList.toggle('agent-change', rangeHas(highlight, number));
  }
}
