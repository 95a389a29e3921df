/**
 * What reading a `<part>` produces: its measures, each with its voices
 * (lanes of events) and the elements between notes at their offsets.
 */
import type { Clef, Pitch, Rational } from '@scorelane/lanes-seq';
import type { KeySignature, TimeSignature } from '@scorelane/score-model';
import type { ReadClef } from './clef-changes.ts';
import type { XmlElement } from './xml-tree.ts';

/** One pitch of an event being read, with the `<note>` it came from. */
export interface ReadNote {
  readonly pitch: Pitch;
  tie: boolean;
  readonly keep: XmlElement;
}

/** One event being read. */
export interface ReadEvent {
  readonly kind: 'note' | 'rest' | 'space';
  readonly duration: Rational;
  readonly grace: boolean;
  readonly notes: ReadNote[];
  /** The kept `<note>` of a rest (or of an invisible rest). */
  readonly keep?: XmlElement;
}

/** The events of one MusicXML voice on one staff, in time order. */
export interface ReadLane {
  readonly staff: number;
  readonly voiceId: string;
  /** 0 for the voice itself; 1, 2, ... for notes of it that overlapped earlier ones. */
  readonly overflow: number;
  readonly events: ReadEvent[];
  end: Rational;
}

/** An element between notes, at its offset, for a staff. */
export interface ReadItem {
  readonly staff: number;
  readonly at: Rational;
  readonly x: XmlElement;
  readonly start: boolean;
}

/** One measure of one part, as read. */
export interface ReadMeasure {
  readonly number: string | undefined;
  readonly attributes: { readonly [name: string]: string };
  readonly lanes: ReadLane[];
  readonly items: ReadItem[];
  /** How many tuplet notes have a `<duration>` that rounds their printed value. */
  readonly roundable: number;
  /**
   * How many passes through the measure (the notes and `<forward>`s before
   * each `<backup>`, and after the last) end before the measure does.
   */
  readonly shortPasses: number;
  /** The furthest the cursor reached: the measure's written length. */
  length: Rational;
  /** Time, key and clefs in force once the measure's opening attributes are read. */
  readonly time: TimeSignature | undefined;
  readonly key: KeySignature;
  readonly clefs: readonly Clef[];
  /** Every `<clef>` read in the measure, in the order read, but the part's own (at the start of its first measure). */
  readonly clefChanges: readonly ReadClef[];
}

/** One part, as read. */
export interface ReadPart {
  readonly measures: ReadMeasure[];
  readonly staves: number;
}
