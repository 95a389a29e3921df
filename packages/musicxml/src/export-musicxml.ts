/**
 * `exportMusicXml`: a score-model score as MusicXML 4.0 partwise text, with
 * every attachment import kept written back where it came from.
 */
import { printedNumbersOf, type Score } from '@scorelane/score-model';
import { headerWithTexts } from './header-texts.ts';
import { balancedPartGroups } from './part-groups.ts';
import { scorePartFor } from './part-list.ts';
import { scoreDivisions } from './score-divisions.ts';
import { readScore, type ScoreSnapshot } from './score-snapshot.ts';
import { keptSlurNumbers, openSlurEnds, withWholeSlurs } from './slur-pairs.ts';
import { partKeep, scoreKeep } from './unit-keep.ts';
import { type PartWriting, writeMeasure } from './write-measure.ts';
import { element, type XmlElement, type XmlNode } from './xml-tree.ts';
import { xmlText, xmlTextEndingWith } from './xml-write.ts';

const PROLOGUE =
  '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' +
  '<!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" "http://www.musicxml.org/dtds/partwise.dtd">\n';

/**
 * Writes a score as MusicXML 4.0 (`score-partwise`). Divisions are the least
 * that express every duration exactly; note types, dots, time modifications
 * and tuplet brackets come from the durations (a duration that needs a tie
 * is written as tied notes); `<backup>` separates voices and staves; what
 * import kept (lyrics, directions, slurs, layout, credits, ...) is written
 * back on the note, or at the offset in the measure, it came from.
 *
 * @throws RangeError when the score holds durations whose denominators no
 *   notation uses and no `<divisions>` below 2^31 can express together
 *   (the planner never writes such durations).
 * @example
 * ```ts
 * const result = importMusicXml(readFileSync('in.musicxml'));
 * if (result.ok) writeFileSync('out.musicxml', exportMusicXml(result.score));
 * ```
 */
export function exportMusicXml(score: Score): string {
  return PROLOGUE + scoreText(readScore(score));
}

/**
 * The `<score-partwise>` element of a score as {@link exportMusicXml} writes
 * it, as text. (Import refuses a file whose numbers this could not write,
 * through the same choice of divisions: see `scoreDivisions`.) Each part is
 * written out as text as soon as it is built, so that only one part's tree
 * is held at a time: holding the whole score's tree until the end made
 * export spend a large share of its time collecting garbage.
 *
 * @throws RangeError when a duration or offset cannot be written (see {@link exportMusicXml}).
 * @example
 * ```ts
 * scoreText(readScore(score)).startsWith('<score-partwise'); // true
 * ```
 */
export function scoreText(snapshot: ScoreSnapshot): string {
  const divisions = scoreDivisions(snapshot);
  // Import keeps the score's header and root on the score, and the part list's tail on its
  // last part; a score imported by an earlier version kept the header and root on its first
  // part. After parts are moved, another part may hold them, so each is taken wherever it is.
  const keeps = snapshot.parts.map((part) => partKeep(part.attachments));
  const own = scoreKeep(snapshot.attachments);
  const header = own.header ?? keeps.find((keep) => keep.header !== undefined)?.header;
  const root = own.root ?? keeps.find((keep) => keep.root !== undefined)?.root;
  const tail = keeps.find((keep) => keep.after !== undefined)?.after;
  const partList: XmlNode[] = [];
  let parts = '';
  const ids = new Set<string>();
  const numbers = printedNumbersOf(snapshot.measures);
  for (let partIndex = 0; partIndex < snapshot.parts.length; partIndex++) {
    const part = snapshot.parts[partIndex]!;
    const keep = keeps[partIndex]!;
    let id = keep.scorePart?.a?.id ?? `P${partIndex + 1}`;
    if (ids.has(id)) id = `P${partIndex + 1}`;
    while (ids.has(id)) id = `${id}-${partIndex + 1}`;
    ids.add(id);
    // One at a time: a kept part-list can be longer than push(...) takes arguments.
    for (const kept of keep.before ?? []) partList.push(kept);
    partList.push(scorePartFor(keep.scorePart, id, part));
    if (partIndex === snapshot.parts.length - 1) for (const kept of tail ?? []) partList.push(kept);
    const measures = partMeasures(snapshot, partIndex + 1, divisions, numbers);
    const whole = withWholeSlurs(measures, () => openSlurEnds(snapshot, partIndex + 1));
    parts += xmlText(element('part', { id, ...(keep.part ?? {}) }, whole), 1);
  }
  const opening = element('score-partwise', { ...(root ?? {}), version: '4.0' }, [
    ...headerWithTexts(header ?? [], snapshot.texts),
    element('part-list', {}, balancedPartGroups(partList)),
  ]);
  return xmlTextEndingWith(opening, 0, parts);
}

/** The `<measure>` elements of one part (1-based), before slurs are made whole. */
function partMeasures(
  snapshot: ScoreSnapshot,
  part: number,
  divisions: number,
  numbers: readonly string[],
): XmlElement[] {
  const staves = snapshot.parts[part - 1]!.staves;
  let stride = 1;
  for (let measure = 1; measure <= snapshot.measures.length; measure++) {
    for (let staff = 1; staff <= staves; staff++) {
      for (const voice of snapshot.unit(part, staff, measure).voices)
        stride = Math.max(stride, voice.voice);
    }
  }
  const writing: PartWriting = {
    snapshot,
    part,
    divisions,
    stride,
    tiesOut: new Map(),
    keptSlurs: keptSlurNumbers(snapshot, part),
    hyphens: new Map(),
    octaves: new Map(),
    numbers,
  };
  const measures: XmlElement[] = [];
  for (let measure = 1; measure <= snapshot.measures.length; measure++)
    measures.push(writeMeasure(writing, measure));
  return measures;
}
