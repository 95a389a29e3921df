/**
 * Clef changes inside a part, between MusicXML's `<clef>` elements and the
 * model's unit clefs (`UnitContent.clefs`). Import turns every `<clef>`
 * after the part's opening into a change where it changes the clef in
 * force; export keeps a file's `<clef>` element wherever the model's clef in
 * force there is still the one it names (so a file comes back exactly), drops
 * one the model no longer has, and writes a new one for each change the
 * kept elements do not already say.
 */
import { type Clef, compare, type Rational, ZERO } from '@scorelane/lanes-seq';
import type { ClefChange } from '@scorelane/score-model';
import type { ScoreSnapshot } from './score-snapshot.ts';
import { readClef, writeClef } from './signatures.ts';
import { element, isElement, withChildren, type XmlElement, type XmlNode } from './xml-tree.ts';

/**
 * A `<clef>` read inside a measure: the staff it is for (1-based), where it
 * stands, and the clef it names.
 *
 * @example
 * ```ts
 * const read: ReadClef = { staff: 2, at: rational(1, 2), clef: 'treble' };
 * ```
 */
export interface ReadClef {
  readonly staff: number;
  readonly at: Rational;
  readonly clef: Clef;
}

/**
 * The staff a `<clef>` element is for: its `number`, 1 when it has none;
 * `undefined` for a number that is no staff.
 *
 * @example
 * ```ts
 * clefStaff(writeClef('bass', 2)); // 2
 * ```
 */
export function clefStaff(clef: XmlElement): number | undefined {
  const staff = Number(clef.a?.number ?? '1');
  return Number.isInteger(staff) && staff >= 1 ? staff : undefined;
}

/** Where a clef at `at` of `measure` takes over: at or past the end, from the next measure's start. */
function takesOver(
  measure: number,
  at: Rational,
  length: (measure: number) => Rational,
  measureCount: number,
): { measure: number; onset: Rational } {
  if (compare(at, length(measure)) >= 0 && measure < measureCount)
    return { measure: measure + 1, onset: ZERO };
  return { measure, onset: at };
}

/**
 * The model's clef changes of one part, by `staff/measure`, from the
 * `<clef>`s read in each measure (in the order they were read): a clef
 * that leaves the clef in force as it was is no change.
 *
 * @example
 * ```ts
 * importedClefChanges([[], [{ staff: 1, at: ZERO, clef: 'bass' }]], ['treble'], lengthOf).get('1/2');
 * // [{ onset: ZERO, clef: 'bass' }]
 * ```
 */
export function importedClefChanges(
  read: readonly (readonly ReadClef[])[],
  partClefs: readonly Clef[],
  length: (measure: number) => Rational,
): Map<string, ClefChange[]> {
  const inForce = [...partClefs];
  const changes = new Map<string, ClefChange[]>();
  read.forEach((clefs, index) => {
    const ordered = [...clefs].sort((a, b) => compare(a.at, b.at));
    for (const clef of ordered) {
      if (clef.staff > partClefs.length || inForce[clef.staff - 1] === clef.clef) continue;
      inForce[clef.staff - 1] = clef.clef;
      const place = takesOver(index + 1, clef.at, length, read.length);
      const key = `${clef.staff}/${place.measure}`;
      const list = (changes.get(key) ?? []).filter(
        (change) => compare(change.onset, place.onset) !== 0,
      );
      list.push({ onset: place.onset, clef: clef.clef });
      changes.set(key, list);
    }
  });
  return changes;
}

/**
 * The clef the model has in force on a staff at `onset` of `measure` (a
 * change at that very onset included).
 *
 * @example
 * ```ts
 * clefInForce(snapshot, 1, 2, 5, ZERO); // 'treble' after a change to treble in m5
 * ```
 */
export function clefInForce(
  snapshot: ScoreSnapshot,
  part: number,
  staff: number,
  measure: number,
  onset: Rational,
): Clef {
  for (let index = measure; index >= 1; index--) {
    const changes = snapshot.unit(part, staff, index).clefs ?? [];
    for (let at = changes.length - 1; at >= 0; at--) {
      if (index < measure || compare(changes[at]!.onset, onset) <= 0) return changes[at]!.clef;
    }
  }
  return snapshot.parts[part - 1]!.clefs[staff - 1] ?? 'treble';
}

/** What {@link reconcileClefs} needs to know of the measure it writes. */
export interface ClefPlace {
  readonly snapshot: ScoreSnapshot;
  readonly part: number;
  readonly measure: number;
  readonly length: (measure: number) => Rational;
}

/** Whether a kept `<clef>` at `at` of a measure still says the clef the model has in force there. */
function stillTrue(clef: XmlElement, at: Rational, place: ClefPlace): boolean {
  const staff = clefStaff(clef);
  const staves = place.snapshot.parts[place.part - 1]!.staves;
  if (staff === undefined || staff > staves) return true;
  const where = takesOver(place.measure, at, place.length, place.snapshot.measures.length);
  const model = clefInForce(place.snapshot, place.part, staff, where.measure, where.onset);
  return readClef(clef) === model;
}

/**
 * An `<attributes>` element without the `<clef>`s the model no longer has
 * in force where it stands; `undefined` when nothing is left in it.
 *
 * @example
 * ```ts
 * keptClefsOnly(attributes, rational(1, 2), place); // the attributes, a stale <clef> left out
 * ```
 */
export function keptClefsOnly(
  attributes: XmlElement,
  at: Rational,
  place: ClefPlace,
): XmlElement | undefined {
  const children = attributes.c ?? [];
  const kept = children.filter(
    (node) => !(isElement(node) && node.n === 'clef' && !stillTrue(node, at, place)),
  );
  if (kept.length === children.length) return attributes;
  return kept.some(isElement) ? withChildren(attributes, kept) : undefined;
}

/** The kept `<clef>`s of a measure's items that take over in `measure`, as `staff/onset` keys. */
function saidBy(
  items: readonly { readonly at: Rational; readonly x: XmlNode }[],
  from: number,
  place: ClefPlace,
): Set<string> {
  const said = new Set<string>();
  for (const item of items) {
    if (!isElement(item.x) || item.x.n !== 'attributes') continue;
    for (const node of item.x.c ?? []) {
      if (!isElement(node) || node.n !== 'clef') continue;
      if (!stillTrue(node, item.at, { ...place, measure: from })) continue;
      const staff = clefStaff(node);
      const where = takesOver(from, item.at, place.length, place.snapshot.measures.length);
      if (staff !== undefined && where.measure === place.measure)
        said.add(`${staff}/${where.onset.num}/${where.onset.den}`);
    }
  }
  return said;
}

/**
 * The `<attributes>` to add to a measure for the model's clef changes on
 * `staff` that no kept `<clef>` says already (in this measure's items, or
 * at the end of the measure before: `before`), each at its onset.
 *
 * @example
 * ```ts
 * clefChangeItems(place, 2, keptItems, keptItemsOfMeasureBefore, true);
 * // [{ at: ZERO, x: <attributes><clef number="2"><sign>G</sign><line>2</line></clef></attributes> }]
 * ```
 */
export function clefChangeItems(
  place: ClefPlace,
  staff: number,
  items: readonly { readonly at: Rational; readonly x: XmlNode }[],
  before: readonly { readonly at: Rational; readonly x: XmlNode }[],
  numbered: boolean,
): { at: Rational; x: XmlElement }[] {
  const changes = place.snapshot.unit(place.part, staff, place.measure).clefs ?? [];
  if (changes.length === 0) return [];
  const said = saidBy(items, place.measure, place);
  for (const key of saidBy(before, place.measure - 1, place)) said.add(key);
  return changes
    .filter((change) => !said.has(`${staff}/${change.onset.num}/${change.onset.den}`))
    .map((change) => ({
      at: change.onset,
      x: element('attributes', {}, [writeClef(change.clef, numbered ? staff : undefined)]),
    }));
}
