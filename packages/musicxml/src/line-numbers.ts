/**
 * Lines drawn by `<direction>`s (octave shifts, hairpins, brackets, dashes)
 * pair their start and stop by `number` within a part, in the file's order:
 * a stop ends the line of its number that is open. A file may reuse a number
 * for two lines that overlap in time, as long as in its order one stops
 * before the next starts (MuseScore writes an 8va on each staff, both number
 * 1, one staff after the other). Export writes each measure staff by staff,
 * elements in time order, so those ends would interleave (both starts, then
 * both stops) and pair up wrongly: a reader that pairs by number (MuseScore)
 * then drops both lines, or keeps one over the wrong notes, and plays them an
 * octave off. So import gives each line a number no other line of its kind
 * holds in the measures it spans: the line is the same, only its label
 * changes, and export's order pairs every end as the file paired it.
 */
import type { ReadMeasure } from './read-types.ts';
import { isElement, withAttributes, withChildren, type XmlElement } from './xml-tree.ts';

/** The `type`s that start and stop each kind of line; any other type continues one. */
const LINE_TYPES: Readonly<Record<string, { readonly start: readonly string[] }>> = {
  'octave-shift': { start: ['up', 'down'] },
  wedge: { start: ['crescendo', 'diminuendo'] },
  bracket: { start: ['start'] },
  dashes: { start: ['start'] },
};

/** MusicXML's `number-level`: 1 to 16. */
const MOST_NUMBERS = 16;

/** Where one line end is: measure, item, `<direction-type>` and its child. */
interface LineEnd {
  readonly measure: number;
  readonly item: number;
  readonly directionType: number;
  readonly child: number;
}

/** One line (both ends, or a lone end): its kind, number and the measures it spans. */
interface Line {
  readonly kind: string;
  readonly number: string;
  readonly ends: LineEnd[];
  readonly from: number;
  to: number;
  /** Whether the end of the other type came (a lone start or stop is never renumbered). */
  whole: boolean;
  /** Whether its first end is a stop (a stop may come first in the file's order). */
  readonly stopFirst: boolean;
}

/** Every line end of a `<direction>` item, with its kind, role and number. */
function endsOf(
  item: XmlElement,
  at: Omit<LineEnd, 'directionType' | 'child'>,
): { end: LineEnd; kind: string; role: 'start' | 'stop' | 'continue'; number: string }[] {
  if (item.n !== 'direction') return [];
  const found: ReturnType<typeof endsOf> = [];
  (item.c ?? []).forEach((directionType, directionTypeIndex) => {
    if (!isElement(directionType) || directionType.n !== 'direction-type') return;
    (directionType.c ?? []).forEach((line, childIndex) => {
      if (!isElement(line)) return;
      const types = LINE_TYPES[line.n];
      if (!types) return;
      const type = line.a?.type ?? '';
      const role = types.start.includes(type) ? 'start' : type === 'stop' ? 'stop' : 'continue';
      found.push({
        end: { ...at, directionType: directionTypeIndex, child: childIndex },
        kind: line.n,
        role,
        number: line.a?.number ?? '1',
      });
    });
  });
  return found;
}

/** The lines of a part, pairing ends by kind and number in the file's order. */
function linesOf(measures: readonly ReadMeasure[]): Line[] {
  const lines: Line[] = [];
  const open = new Map<string, Line>();
  measures.forEach((measure, measureIndex) => {
    measure.items.forEach((item, itemIndex) => {
      for (const { end, kind, role, number } of endsOf(item.x, {
        measure: measureIndex,
        item: itemIndex,
      })) {
        const key = `${kind}/${number}`;
        const current = open.get(key);
        if (role === 'continue') {
          if (current) {
            current.ends.push(end);
            current.to = measureIndex;
          }
          continue;
        }
        if (current && current.stopFirst !== (role === 'stop')) {
          current.ends.push(end);
          current.to = measureIndex;
          current.whole = true;
          open.delete(key);
          continue;
        }
        const line: Line = {
          kind,
          number,
          ends: [end],
          from: measureIndex,
          to: measureIndex,
          whole: false,
          stopFirst: role === 'stop',
        };
        lines.push(line);
        // A second start (or stop) while one waits for its other end: a reader that pairs by
        // number (MuseScore) drops both, and the number is free again.
        if (current) open.delete(key);
        else open.set(key, line);
      }
    });
  });
  // An end still waiting for its other end holds its number to the end of the part: a later
  // end of that number would pair with it.
  for (const line of open.values()) line.to = measures.length - 1;
  return lines;
}

/**
 * The number a line is written with: its own while no line of its kind
 * written before holds that number in its measures, else the lowest number
 * free there, among the lines before (as written) and after (as the file
 * numbers them). `reach` holds, by kind and number, the last measure a line
 * written so far reaches: lines come in the order they start, so one before
 * overlaps this one exactly when it reaches its first measure.
 */
function numberFor(
  lines: readonly Line[],
  index: number,
  reach: ReadonlyMap<string, number>,
  byNumber: ReadonlyMap<string, readonly number[]>,
): string {
  const line = lines[index]!;
  // Lines come in the order they start, so the first later one of that kind and number
  // starts earliest: it holds the number in this line's measures, or none does.
  const laterHolds = (number: string) => {
    const later = firstAfter(byNumber.get(`${line.kind}/${number}`) ?? [], index);
    return later !== undefined && lines[later]!.from <= line.to;
  };
  const free = (number: string, checkLater: boolean) =>
    (reach.get(`${line.kind}/${number}`) ?? -1) < line.from && !(checkLater && laterHolds(number));
  if (!line.whole || free(line.number, false)) return line.number;
  for (let number = 1; number <= MOST_NUMBERS; number++)
    if (free(String(number), true)) return String(number);
  return line.number;
}

/** The first of `indexes` (ascending) past `index`, by bisection. */
function firstAfter(indexes: readonly number[], index: number): number | undefined {
  let low = 0;
  let high = indexes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (indexes[middle]! > index) high = middle;
    else low = middle + 1;
  }
  return indexes[low];
}

/** The indexes of the lines of each kind and number (as the file numbers them), ascending. */
function linesByNumber(lines: readonly Line[]): Map<string, number[]> {
  const byNumber = new Map<string, number[]>();
  lines.forEach((line, index) => {
    const key = `${line.kind}/${line.number}`;
    const list = byNumber.get(key);
    if (list) list.push(index);
    else byNumber.set(key, [index]);
  });
  return byNumber;
}

/** The item with the line end at `end` numbered `number`. */
function renumbered(item: XmlElement, end: LineEnd, number: string): XmlElement {
  const children = [...(item.c ?? [])];
  const directionType = children[end.directionType] as XmlElement;
  const inner = [...(directionType.c ?? [])];
  const line = inner[end.child] as XmlElement;
  inner[end.child] = withAttributes(line, { ...(line.a ?? {}), number });
  children[end.directionType] = withChildren(directionType, inner);
  return withChildren(item, children);
}

/**
 * Gives every line of a part (`<octave-shift>`, `<wedge>`, `<bracket>`,
 * `<dashes>`) a `number` that no other line of its kind uses in the measures
 * it spans, so that export, which writes elements in time order, pairs its
 * ends as the file's order did. Lines that need no change keep their number;
 * the items of `measures` are replaced where a number changes.
 *
 * @example
 * ```ts
 * separateLineNumbers(part.measures); // a second 8va numbered 1 beside the first becomes number 2
 * ```
 */
export function separateLineNumbers(measures: ReadMeasure[]): void {
  const reach = new Map<string, number>();
  const lines = linesOf(measures);
  const byNumber = linesByNumber(lines);
  lines.forEach((line, index) => {
    const number = numberFor(lines, index, reach, byNumber);
    const key = `${line.kind}/${number}`;
    reach.set(key, Math.max(reach.get(key) ?? -1, line.to));
    if (number === line.number) return;
    for (const end of line.ends) {
      const items = measures[end.measure]!.items;
      const item = items[end.item]!;
      items[end.item] = { ...item, x: renumbered(item.x, end, number) };
    }
  });
}
