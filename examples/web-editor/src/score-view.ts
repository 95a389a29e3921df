/**
 * The engraved score in the page: the SVG pages, each measure (Verovio's
 * `g.measure`, in document order, one per measure of the score) clickable,
 * the selection and the last change marked on it.
 */
import type { ScoreSelection } from '@scorelane/score-tools';
import { rangeHas } from './measure-range.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The measure elements of the engraving, measure 1 first. */
export function measureElements(root: ParentNode): SVGGElement[] {
  return [...root.querySelectorAll<SVGGElement>('svg g.measure')];
}

/** The 1-based measure a click landed in, or `null` outside every measure. */
export function measureAt(root: ParentNode, target: EventTarget | null): number | null {
  if (!(target instanceof Element)) return null;
  const measure = target.closest('g.measure');
  if (measure === null) return null;
  const index = measureElements(root).indexOf(measure as SVGGElement);
  return index < 0 ? null : index + 1;
}

/** Puts the engraved pages into `container`, replacing what was there. */
export function showPages(container: HTMLElement, pages: readonly string[]): void {
  container.innerHTML = pages.join('\n');
  for (const measure of measureElements(container)) addBackdrop(measure);
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
  measureElements(container).forEach((measure, index) => {
    measure.classList.toggle('selected', rangeHas(selection, index + 1));
    measure.classList.toggle('agent-change', rangeHas(highlight, index + 1));
  });
}
