/**
 * Reading what a MusicXML score marks on its notes into the model, once
 * the score's units and ties are settled: articulations, ornaments,
 * techniques, fingering, fermatas, arpeggios and breath marks
 * (`read-note-marks.ts`), lyrics (`read-lyrics.ts`), slurs
 * (`read-slurs.ts`), and the directions and chord symbols between notes
 * (`read-directions.ts`). What is read is taken out of the kept XML, so
 * export writes it once, from the model; what the model has no word for
 * stays kept, as the file had it.
 */
import { type Pitch, type Rational, samePitch } from '@scorelane/lanes-seq';
import type { ScoreEvent, UnitInit } from '@scorelane/score-model';
import { withoutMarks } from './mark-xml.ts';
import { closeUnit, type OpenEvent, type OpenUnit, openUnit } from './marked-units.ts';
import type { PedalStyle } from './pedal-style.ts';
import { readDirections } from './read-directions.ts';
import { readLyric } from './read-lyrics.ts';
import { readNoteMarks } from './read-note-marks.ts';
import { readSlurs } from './read-slurs.ts';
import { tiedPitches } from './write-measure.ts';
import {
  child,
  childElements,
  isElement,
  withAttributes,
  withChildren,
  type XmlElement,
} from './xml-tree.ts';

function readNotations(event: OpenEvent): void {
  if (!event.notes) return;
  const chord = event.event.kind === 'chord';
  event.notes.forEach((note, index) => {
    const read = readNoteMarks(note, event.role, event.marks);
    for (const mark of read.marks) {
      if (mark.kind === 'fingering' && chord) event.fingering[index] = mark.finger;
      else event.marks.push(mark);
    }
    event.notes![index] = read.note;
  });
}

function pitchesOf(event: OpenEvent): Pitch[] {
  const score = event.event;
  if (score.kind === 'note') return [score.pitch];
  if (score.kind === 'chord') return score.notes.map((note) => note.pitch);
  return [];
}

/** Whether a kept `<note>` has a `<lyric>`. */
function hasLyric(note: XmlElement): boolean {
  return child(note, 'lyric') !== undefined;
}

/**
 * Whether every pitch of `event` is tied over from `previous`, the event
 * before it in its voice: a syllable there belongs to the note it continues.
 */
function continuesTie(previous: ScoreEvent | undefined, event: OpenEvent): boolean {
  const pitches = pitchesOf(event);
  if (pitches.length === 0 || previous === undefined) return false;
  const tiedIn = tiedPitches(previous);
  return pitches.every((pitch) => tiedIn.some((tied) => samePitch(tied, pitch)));
}

/** The lyrics of one part: verses numbered in the order their `number` first appears. */
function readLyrics(units: readonly OpenUnit[]): void {
  const verses = new Map<string, number>();
  const lanes = new Map<string, { previous: ScoreEvent | undefined; extended: Set<number> }>();
  const ordered = [...units].sort((a, b) => a.measure - b.measure || a.staff - b.staff);
  for (const unit of ordered)
    for (const voice of unit.voices) {
      const key = `${unit.staff}/${voice.voice}`;
      const lane = lanes.get(key) ?? { previous: undefined, extended: new Set<number>() };
      lanes.set(key, lane);
      for (const event of voice.events) {
        if (event.role === 'grace') continue;
        const previous = lane.previous;
        lane.previous = event.event;
        // Most notes of most scores have no lyric: only those that do are read.
        if (event.role !== 'note' || !event.notes?.some(hasLyric)) continue;
        const continuation = continuesTie(previous, event);
        const sung = new Set<number>();
        event.notes.forEach((note, index) => {
          if (!hasLyric(note)) return;
          const taken = new Set<XmlElement>();
          /** The lyrics kept as XML that are written with their verse's number (see below). */
          let renumbered: Map<XmlElement, XmlElement> | undefined;
          for (const lyric of childElements(note, 'lyric')) {
            const read = readLyric(lyric);
            if (!read) continue;
            let verse = verses.get(read.number);
            if (verse === undefined) {
              verse = verses.size + 1;
              verses.set(read.number, verse);
            }
            if (
              read.kind === 'held' ? lane.extended.has(verse) : !(continuation || sung.has(verse))
            ) {
              taken.add(lyric);
              if (read.kind === 'held') continue;
              sung.add(verse);
              event.lyrics.push({ verse, ...read.syllable });
              if (read.syllable.extend) lane.extended.add(verse);
              else lane.extended.delete(verse);
              continue;
            }
            // Kept (a second syllable of a verse on one note, a syllable on a tie's continuation):
            // export numbers the model's verses 1, 2, ..., so a kept lyric numbered as the file
            // numbered its verse ("part4verse1") would read as a verse of its own next time, and
            // move every verse after it. It is numbered as its verse is written.
            const number = String(verse);
            if (lyric.a?.number !== number) {
              renumbered ??= new Map();
              renumbered.set(lyric, withAttributes(lyric, { ...lyric.a, number }));
            }
          }
          const left = withoutMarks(note, taken);
          event.notes![index] =
            renumbered === undefined
              ? left
              : withChildren(
                  left,
                  (left.c ?? []).map((child) =>
                    isElement(child) ? (renumbered!.get(child) ?? child) : child,
                  ),
                );
        });
      }
    }
}

/** A score's units with their marks read, and the style each part's pedals were read in. */
export interface MarkedUnits {
  readonly units: UnitInit[];
  /** By 1-based part: the style of its pedals (`pedal-style.ts`), when it has any the model read. */
  readonly pedalStyles: ReadonlyMap<number, PedalStyle>;
}

/**
 * The units with the marks, lyrics and fingerings their kept XML says
 * read into the model and taken out of that XML, and the marks of what
 * stays kept listed beside it (`musical-marks.ts`). `lengthOf` gives the
 * length of each measure (1-based); `openSlurs` are the slur ends the file
 * left without their other end (`loneSlurs`).
 *
 * @example
 * ```ts
 * const { units } = readMarks(settled, (measure) => rational(1)); // a kept <staccato/> is now a mark
 * ```
 */
export function readMarks(
  units: readonly UnitInit[],
  lengthOf: (measure: number) => Rational,
  openSlurs: ReadonlySet<XmlElement> = new Set(),
): MarkedUnits {
  const open = units.map((unit) => openUnit(unit, lengthOf(unit.measure)));
  const parts = new Map<number, OpenUnit[]>();
  for (const unit of open) {
    const list = parts.get(unit.part) ?? [];
    list.push(unit);
    parts.set(unit.part, list);
    for (const voice of unit.voices) for (const event of voice.events) readNotations(event);
  }
  const pedalStyles = new Map<number, PedalStyle>();
  for (const [number, part] of parts) {
    readLyrics(part);
    readSlurs(part);
    const pedalStyle = readDirections(part);
    if (pedalStyle !== undefined) pedalStyles.set(number, pedalStyle);
  }
  return { units: open.map((unit) => closeUnit(unit, openSlurs)), pedalStyles };
}
