/**
 * `exportMusicXml`: a score-model score as MusicXML 4.0 partwise text, with
 * every attachment import kept written back where it came from.
 */
import { printedNumbersOf, type Score } from '@scorelane/score-model';
import { headerWithTexts } from './header-texts.ts';
import { balancedPartGroups } from './part-groups.ts';
import { scorePartFor } from './part-list.ts';
import { type PartNumbers, scoreNumbering } from './part-numbering.ts';
import { readScore, type ScoreSnapshot } from './score-snapshot.ts';
import { SlurNumbering } from './slur-numbering.ts';
import { type SettledMeasure, SlurPairing, withoutLonelySlurs } from './slur-pairs.ts';
import { partKeep, scoreKeep } from './unit-keep.ts';
import { type PartWriting, writeMeasure } from './write-measure.ts';
import { element, type XmlElement, type XmlNode } from './xml-tree.ts';
import { flatXmlText, xmlText, xmlTextEndingWith } from './xml-write.ts';

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
 * through the same choice of divisions: see `scoreNumbering`.) Each measure
 * is written out as text as soon as its slurs are known to be whole (see
 * {@link partMeasuresText}), and appended to the part's text in order:
 * holding a whole part's tree until the part ended made export spend a
 * large share of its time collecting garbage.
 *
 * @throws RangeError when a duration or offset cannot be written (see {@link exportMusicXml}).
 * @example
 * ```ts
 * scoreText(readScore(score)).startsWith('<score-partwise'); // true
 * ```
 */
export function scoreText(snapshot: ScoreSnapshot): string {
  // The divisions and each part's numbering are read in one walk over the score's events.
  const { divisions, parts: numbering } = scoreNumbering(snapshot);
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
    // The part's tags are written around its measures' texts: `<part .../>` opened by hand.
    const empty = xmlText(element('part', { id, ...(keep.part ?? {}) }), 1);
    if (snapshot.measures.length === 0) parts += empty;
    else {
      parts += `${empty.slice(0, -'/>\n'.length)}>\n`;
      const writing = { divisions, numbers, pedalStyle: keep.pedal };
      parts += partMeasuresText(snapshot, partIndex + 1, writing, numbering[partIndex]!);
      parts += '  </part>\n';
    }
  }
  const opening = element('score-partwise', { ...(root ?? {}), version: '4.0' }, [
    ...headerWithTexts(header ?? [], snapshot.texts),
    element('part-list', {}, balancedPartGroups(partList)),
  ]);
  return xmlTextEndingWith(opening, 0, parts);
}

/**
 * The `<measure>`s of one part (1-based) as text, in order. Each is
 * written as soon as its slur ends are settled (see {@link SlurPairing}):
 * at once for most measures, when a slur started in it ends for the
 * others, which are held until then. A measure's tree so dies young, as
 * the garbage collector handles best; one held to the end of its part is
 * copied and promoted on the way.
 */
function partMeasuresText(
  snapshot: ScoreSnapshot,
  part: number,
  score: Pick<PartWriting, 'divisions' | 'numbers' | 'pedalStyle'>,
  { stride, keptSlurs }: PartNumbers,
): string {
  const writing: PartWriting = {
    ...score,
    snapshot,
    part,
    stride,
    tiesOut: new Map(),
    keptSlurs,
    slurNumbering: new SlurNumbering(keptSlurs),
    hyphens: new Map(),
    octaves: new Map(),
  };
  const pairing = new SlurPairing();
  /** The trees of measures not yet settled, by 0-based index. */
  const held = new Map<number, XmlElement>();
  /** The texts of measures settled before one ahead of them, by 0-based index. */
  const early = new Map<number, string>();
  let text = '';
  let next = 0;
  const write = (settled: readonly SettledMeasure[]) => {
    for (const { measure, lonely } of settled) {
      const tree = held.get(measure)!;
      held.delete(measure);
      const whole = withoutLonelySlurs(tree, lonely, snapshot, part, measure + 1);
      // Flat: the part's text keeps it to the end of the export (see flatXmlText).
      const measureText = flatXmlText(whole, 2);
      if (measure !== next) {
        early.set(measure, measureText);
        continue;
      }
      // Appended, in order: `+=` makes a rope in no time, `join` would copy every text.
      text += measureText;
      next++;
      for (let ready = early.get(next); ready !== undefined; ready = early.get(next)) {
        early.delete(next);
        text += ready;
        next++;
      }
    }
  };
  for (let measure = 1; measure <= snapshot.measures.length; measure++) {
    const tree = writeMeasure(writing, measure);
    held.set(measure - 1, tree);
    write(pairing.add(tree));
  }
  write(pairing.finish());
  return text;
}
