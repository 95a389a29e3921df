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
import { xmlText } from './xml-write.ts';

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
  return PROLOGUE + xmlText(scoreElement(readScore(score)), 0);
}

/**
 * The `<score-partwise>` element of a score as {@link exportMusicXml} writes
 * it. (Import refuses a file whose numbers this could not write, through
 * the same choice of divisions: see `scoreDivisions`.)
 *
 * @throws RangeError when a duration or offset cannot be written (see {@link exportMusicXml}).
 * @example
 * ```ts
 * scoreElement(readScore(score)).n; // "score-partwise"
 * ```
 */
export function scoreElement(snapshot: ScoreSnapshot): XmlElement {
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
  const partElements: XmlElement[] = [];
  const ids = new Set<string>();
  const numbers = printedNumbersOf(snapshot.measures);
  snapshot.parts.forEach((part, partIndex) => {
    const keep = keeps[partIndex]!;
    let id = keep.scorePart?.a?.id ?? `P${partIndex + 1}`;
    if (ids.has(id)) id = `P${partIndex + 1}`;
    while (ids.has(id)) id = `${id}-${partIndex + 1}`;
    ids.add(id);
    // One at a time: a kept part-list can be longer than push(...) takes arguments.
    for (const kept of keep.before ?? []) partList.push(kept);
    partList.push(scorePartFor(keep.scorePart, id, part));
    if (partIndex === snapshot.parts.length - 1) for (const kept of tail ?? []) partList.push(kept);
    let stride = 1;
    for (let measure = 1; measure <= snapshot.measures.length; measure++) {
      for (let staff = 1; staff <= part.staves; staff++) {
        for (const voice of snapshot.unit(partIndex + 1, staff, measure).voices)
          stride = Math.max(stride, voice.voice);
      }
    }
    const writing: PartWriting = {
      snapshot,
      part: partIndex + 1,
      divisions,
      stride,
      tiesOut: new Map(),
      keptSlurs: keptSlurNumbers(snapshot, partIndex + 1),
      hyphens: new Map(),
      octaves: new Map(),
      numbers,
    };
    const measures: XmlElement[] = [];
    for (let measure = 1; measure <= snapshot.measures.length; measure++)
      measures.push(writeMeasure(writing, measure));
    partElements.push(
      element('part', { id, ...(keep.part ?? {}) }, [
        ...withWholeSlurs(measures, () => openSlurEnds(snapshot, partIndex + 1)),
      ]),
    );
  });
  return element('score-partwise', { ...(root ?? {}), version: '4.0' }, [
    ...headerWithTexts(header ?? [], snapshot.texts),
    element('part-list', {}, balancedPartGroups(partList)),
    ...partElements,
  ]);
}
