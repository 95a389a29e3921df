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

/**
 * Rectangles behind a measure: one over the whole measure (the change
 * highlight, the play head, presence frames) and one per staff
 * (`rect.staff-backdrop`, `data-staff` counting the measure's staves from 1),
 * which the selection shades, so a selection of some parts shades exactly
 * their staves. Both take their height from the staff lines, not from the
 * notes, so every measure of a system has the same top and bottom edge.
 */
function addBackdrop(measure: SVGGElement): void {
  const box = measure.getBBox();
  const staves = [...measure.querySelectorAll<SVGGElement>(':scope > g.staff')].map(staffLines);
  const known = staves.filter((lines): lines is Extent => lines !== null);
  const top = known.length > 0 ? known[0]!.top - known[0]!.margin : box.y;
  const last = known.at(-1);
  const bottom = last !== undefined ? last.bottom + last.margin : box.y + box.height;
  const backdrops: SVGRectElement[] = [
    rect('measure-backdrop', box.x, top, box.width, bottom - top),
  ];
  staves.forEach((lines, index) => {
    if (lines === null) return;
    const staff = rect(
      'staff-backdrop',
      box.x,
      lines.top - lines.margin,
      box.width,
      lines.bottom - lines.top + 2 * lines.margin,
    );
    staff.dataset.staff = String(index + 1);
    backdrops.push(staff);
  });
  measure.prepend(...backdrops);
}

/** The vertical extent of a staff's lines, and the margin its shading reaches beyond them. */
interface Extent {
  readonly top: number;
  readonly bottom: number;
  readonly margin: number;
}

/** A staff's lines (Verovio draws them as the staff's own `path`s), or null when it has none. */
function staffLines(staff: SVGGElement): Extent | null {
  const lines = [...staff.querySelectorAll<SVGGraphicsElement>(':scope > path')];
  if (lines.length === 0) return null;
  const boxes = lines.map((line) => line.getBBox());
  const top = Math.min(...boxes.map((box) => box.y));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { top, bottom, margin: Math.max(0, (bottom - top) * 0.6) };
}

function rect(className: string, x: number, y: number, width: number, height: number) {
  const element = document.createElementNS(SVG_NS, 'rect');
  element.setAttribute('class', className);
  element.setAttribute('x', String(x));
  element.setAttribute('y', String(y));
  element.setAttribute('width', String(width));
  element.setAttribute('height', String(Math.max(0, height)));
  return element;
}

/**
 * The part of each staff of a measure, in order (`[1, 2, 2]`: a violin and
 * a piano's two staves), kept on the score element for {@link markMeasures}.
 *
 * @example
 * ```ts
 * setStaffParts(page.score, [1, 2]); // a part of one staff and one of two
 * ```
 */
export function setStaffParts(container: HTMLElement, stavesPerPart: readonly number[]): void {
  container.dataset.staffParts = stavesPerPart
    .flatMap((staves, index) => Array.from({ length: staves }, () => index + 1))
    .join(',');
}

/**
 * Marks the measures of `selection` `.selected` (and shades the staves of its
 * parts) and those of `highlight` `.agent-change`.
 */
export function markMeasures(
  container: HTMLElement,
  selection: ScoreSelection | null,
  highlight: ScoreSelection | null,
): void {
  const staffParts = (container.dataset.staffParts ?? '').split(',').map(Number);
  for (const measure of measureElements(container)) {
    const number = measureNumberOf(measure) ?? 0;
    const selected = rangeHas(selection, number);
    measure.classList.toggle('selected', selected);
    measure.classList.toggle('agent-change', rangeHas(highlight, number));
    for (const staff of measure.querySelectorAll<SVGRectElement>('rect.staff-backdrop')) {
      const part = staffParts[Number(staff.dataset.staff) - 1];
      const shaded = selected && (part === undefined || selection!.parts.includes(part));
      staff.classList.toggle('selected', shaded);
    }
  }
}
