/**
 * Rehearsal marks and tempo text, where an importer kept them. The score
 * model does not read attachments; MusicXML import keeps `<direction>`
 * elements as JSON trees (`{ n: 'rehearsal', c: ['A'] }`) on the unit of
 * staff 1, and this reads any such tree, whatever the attachment's key, so
 * nothing here depends on the importer's package.
 */
import type { Json } from '@scorelane/score-model';

/**
 * What a measure carries for orientation: rehearsal marks, tempo words and
 * metronome marks.
 *
 * @example
 * ```ts
 * const marks: MeasureMarks = { rehearsal: ['A'], tempo: ['Allegro', 'q=120'] };
 * ```
 */
export interface MeasureMarks {
  readonly rehearsal: readonly string[];
  readonly tempo: readonly string[];
}

interface Element {
  readonly n: string;
  readonly a?: Readonly<Record<string, string>>;
  readonly c?: readonly unknown[];
}

function isElement(value: unknown): value is Element {
  return (
    typeof value === 'object' && value !== null && typeof (value as { n?: unknown }).n === 'string'
  );
}

function textOf(element: Element): string {
  return (element.c ?? [])
    .map((child) => (typeof child === 'string' ? child : isElement(child) ? textOf(child) : ''))
    .join('')
    .trim();
}

function metronomeText(element: Element): string {
  const children = (element.c ?? []).filter(isElement);
  const unit = children.find((child) => child.n === 'beat-unit');
  const perMinute = children.find((child) => child.n === 'per-minute');
  if (!unit || !perMinute) return '';
  const dotted = children.some((child) => child.n === 'beat-unit-dot') ? '.' : '';
  return `${textOf(unit)}${dotted}=${textOf(perMinute)}`;
}

/**
 * The marks found anywhere in `attachments` (depth-limited, so a hostile
 * tree cannot exhaust the stack).
 *
 * @example
 * ```ts
 * marksIn({ musicxml: { items: [{ at: '0', x: { n: 'direction', c: [{ n: 'direction-type', c: [{ n: 'rehearsal', c: ['B'] }] }] } }] } });
 * // { rehearsal: ['B'], tempo: [] }
 * ```
 */
export function marksIn(attachments: Json | undefined): MeasureMarks {
  const rehearsal: string[] = [];
  const tempo: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 24 || typeof value !== 'object' || value === null) return;
    if (isElement(value)) {
      if (value.n === 'rehearsal') rehearsal.push(textOf(value));
      else if (value.n === 'words') tempo.push(textOf(value));
      else if (value.n === 'metronome') tempo.push(metronomeText(value));
      else if (value.n === 'sound' && value.a?.tempo) tempo.push(`tempo ${value.a.tempo}`);
    }
    for (const child of Object.values(value)) visit(child, depth + 1);
  };
  visit(attachments, 0);
  const kept = (list: string[]) => [...new Set(list.filter((text) => text !== ''))];
  return { rehearsal: kept(rehearsal), tempo: kept(tempo) };
}
