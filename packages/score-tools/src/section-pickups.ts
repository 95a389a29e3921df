/**
 * Which short measures are pickups: a measure shorter than its time
 * signature at the start of a section (the first measure, the first after a
 * final or double bar line, or one where the time or key changes). A short
 * final bar, or the halves of a bar split at a repeat sign, are short
 * measures but not pickups. Bar lines are read from the attachments an
 * importer kept (MusicXML `<barline>` trees such as
 * `{ n: 'barline', a: { location: 'right' }, c: [{ n: 'bar-style', c: ['light-heavy'] }] }`),
 * whatever the attachment's key, so nothing here depends on the importer's
 * package.
 */
import { add, compare, type Rational, rational } from '@scorelane/lanes-seq';
import type { Json, MeasureInfo, ScoreInit } from '@scorelane/score-model';
import { isKeptElement, type KeptElement } from './kept-element.ts';

/** A measure whose length is not its time signature's. */
export interface ShortMeasure {
  readonly measure: number;
  readonly length: Rational;
}

/**
 * The score's irregular measures, split into the pickups (short at the
 * start of a section) and the others (final bars, bars split at repeats,
 * measures longer than their time signature).
 *
 * @example
 * ```ts
 * const { pickups, others } = sectionPickups(scoreContent(score));
 * pickups; // [{ measure: 1, length: { num: 1, den: 4 } }]
 * others; // [{ measure: 32, length: { num: 3, den: 4 } }]
 * ```
 */
export function sectionPickups(content: ScoreInit): {
  readonly pickups: readonly ShortMeasure[];
  readonly others: readonly ShortMeasure[];
} {
  const bars = barLines(content);
  const pickups: ShortMeasure[] = [];
  const others: ShortMeasure[] = [];
  content.measures.forEach((info, index) => {
    if (!info.pickup) return;
    const measure = index + 1;
    const full = rational(info.time.beats, info.time.beatType);
    const previous = content.measures[index - 1];
    const starts =
      !previous ||
      signaturesChange(previous, info) ||
      bars.sectionEndsAfter.has(measure - 1) ||
      bars.sectionStartsAt.has(measure);
    // The second half of a bar split in two (at a repeat sign, say) completes the first.
    const completes =
      previous?.pickup !== undefined && compare(add(previous.pickup, info.pickup), full) === 0;
    const short = compare(info.pickup, full) < 0;
    const entry = { measure, length: info.pickup };
    if (short && starts && !completes) pickups.push(entry);
    else others.push(entry);
  });
  return { pickups, others };
}

/** Whether the time or the key changes from `previous` to `info`. */
function signaturesChange(previous: MeasureInfo, info: MeasureInfo): boolean {
  return (
    previous.time.beats !== info.time.beats ||
    previous.time.beatType !== info.time.beatType ||
    previous.key.fifths !== info.key.fifths ||
    previous.key.mode !== info.key.mode
  );
}

/** The `<barline>` trees anywhere in `attachments` (depth-limited). */
function barlinesIn(attachments: Json | undefined): KeptElement[] {
  const found: KeptElement[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 24 || typeof value !== 'object' || value === null) return;
    if (isKeptElement(value) && value.n === 'barline') {
      found.push(value);
      return;
    }
    for (const child of Object.values(value)) visit(child, depth + 1);
  };
  visit(attachments, 0);
  return found;
}

const SECTION_STYLES = new Set(['light-light', 'light-heavy', 'heavy-light', 'heavy-heavy']);

/** A final or double bar line that is not a repeat sign. */
function endsSection(barline: KeptElement): boolean {
  const children = (barline.c ?? []).filter(isKeptElement);
  if (children.some((child) => child.n === 'repeat')) return false;
  const style = children.find((child) => child.n === 'bar-style');
  const text = style?.c?.find((node): node is string => typeof node === 'string')?.trim();
  return text !== undefined && SECTION_STYLES.has(text);
}

/** The measures (1-based) that end with a section's bar line, and those that begin with one. */
function barLines(content: ScoreInit): {
  sectionEndsAfter: Set<number>;
  sectionStartsAt: Set<number>;
} {
  const sectionEndsAfter = new Set<number>();
  const sectionStartsAt = new Set<number>();
  for (const unit of content.units ?? []) {
    if (!content.measures[unit.measure - 1]?.pickup && !content.measures[unit.measure]?.pickup) {
      continue;
    }
    for (const barline of barlinesIn(unit.content.attachments)) {
      if (!endsSection(barline)) continue;
      const location = barline.a?.location ?? 'right';
      if (location === 'right') sectionEndsAfter.add(unit.measure);
      else if (location === 'left') sectionStartsAt.add(unit.measure);
    }
  }
  return { sectionEndsAfter, sectionStartsAt };
}
