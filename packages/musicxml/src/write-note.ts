/**
 * Writing one event as MusicXML: one `<note>` per pitch (chord notes after
 * the first with `<chord/>`), tied notes when its duration needs them, a
 * `<forward>` for an invisible rest. What import kept on the event is merged
 * back in schema order; kept children that no longer match the event (a
 * `<type>` after a change of duration, a `<tied>` whose tie is gone) give way
 * to ones written from the model.
 */
import {
  compare,
  formatPitch,
  multiply,
  type NoteValue,
  notateDuration,
  noteValueDuration,
  type Pitch,
  type Rational,
  rational,
  samePitch,
  type TupletRatio,
} from '@scorelane/lanes-seq';
import type { ScoreEvent } from '@scorelane/score-model';
import { eventKeep } from './attachment-types.ts';
import { ByDuration } from './by-duration.ts';
import { toDivisions } from './divisions.ts';
import { mergeInOrder, NOTE_ORDER } from './element-order.ts';
import {
  CHORD_LEAF,
  DOT_LEAF,
  durationLeaf,
  GRACE_LEAF,
  keptLeaf,
  MEASURE_REST_LEAF,
  pitchLeaf,
  REST_LEAF,
  staffLeaf,
  TIE_START_LEAF,
  TIE_STOP_LEAF,
  timeModificationLeaf,
  typeLeaf,
  voiceLeaf,
} from './note-leaves.ts';
import { notationMarks } from './write-note-marks.ts';
import {
  child,
  childElements,
  element,
  isElement,
  withChildren,
  type XmlElement,
  type XmlNode,
} from './xml-tree.ts';

/** Where an event is written and what surrounds it. */
export interface NoteContext {
  readonly divisions: number;
  /** The `<voice>` text. */
  readonly voice: string;
  /** The `<staff>` number, when the part has several staves. */
  readonly staff: number | undefined;
  /** Pitches tied into this event from the previous sounding one. */
  readonly tiedIn: readonly Pitch[];
  /** A tuplet bracket this event starts or stops, when the planner's grouping gives one. */
  readonly bracket:
    | { readonly start: boolean; readonly stop: boolean; readonly ratio: TupletRatio }
    | undefined;
  /** Whether the event is a rest filling its whole measure alone. */
  readonly measureRest: boolean;
  /**
   * The next sounding event of the voice (in the next measure after the last),
   * so a tie kept unfinished from the file is not written where it would land.
   */
  readonly next?: ScoreEvent | undefined;
  /** Drop the kept `<tuplet>` brackets: they no longer pair up, and `bracket` is written from the model. */
  readonly stripTuplets?: boolean;
  /** Drop the kept `<beam>`s: their group no longer forms. */
  readonly stripBeams?: boolean;
  /** The `number`s model slurs of levels 1 and 2 are written with (see `write-note-marks.ts`); `1` and `2` when not given. */
  readonly slurNumbers?: readonly [string, string];
  /** The `<lyric>`s of the event's syllables, written on its first note. */
  readonly lyrics?: readonly XmlElement[] | undefined;
}

/** How one written note (or piece of a split note) prints. */
interface Printed {
  readonly duration: Rational;
  readonly value: NoteValue;
  readonly ratio: TupletRatio | undefined;
}

const TYPE_NAMES: readonly [number, string][] = [
  [8, 'maxima'],
  [4, 'long'],
  [2, 'breve'],
  [1, 'whole'],
  [1 / 2, 'half'],
  [1 / 4, 'quarter'],
  [1 / 8, 'eighth'],
  [1 / 16, '16th'],
  [1 / 32, '32nd'],
  [1 / 64, '64th'],
  [1 / 128, '128th'],
  [1 / 256, '256th'],
  [1 / 512, '512th'],
  [1 / 1024, '1024th'],
];

/**
 * The `<type>` name of a power-of-two value (exact for every value notateDuration gives).
 *
 * @example
 * ```ts
 * typeName(rational(1, 16)); // "16th"
 * ```
 */
export function typeName(base: Rational): string {
  const value = base.num / base.den;
  for (let index = 0; index < TYPE_NAMES.length; index++) {
    const [length, name] = TYPE_NAMES[index]!;
    if (value >= length) return name;
  }
  return '1024th';
}

/**
 * The pieces an event is printed as: one, or several tied when no single value prints it.
 *
 * @example
 * ```ts
 * printedPieces(rational(5, 8)).map((piece) => piece.duration); // [1/2, 1/8]
 * ```
 */
export function printedPieces(duration: Rational): Printed[] {
  const notation = notateDuration(duration);
  switch (notation.kind) {
    case 'value':
      return [{ duration, value: notation.value, ratio: undefined }];
    case 'tuplet':
      return [{ duration, value: notation.value, ratio: notation.ratio }];
    case 'tied': {
      const ratio = notation.ratio;
      return notation.values.map((value) => ({
        duration: ratio
          ? multiply(noteValueDuration(value), rational(ratio.normal, ratio.actual))
          : noteValueDuration(value),
        value,
        ratio,
      }));
    }
    case 'unnotatable': {
      // Nothing prints it exactly; <duration> stays exact and the type is the nearest shorter value.
      let base = rational(4);
      while (compare(base, duration) > 0 && base.den < 1024) base = multiply(base, rational(1, 2));
      return [{ duration, value: { base, dots: 0 }, ratio: undefined }];
    }
  }
}

// What each duration is written as, worked out once per duration (see by-duration.ts).
const printedPiecesOf = new ByDuration<readonly Printed[]>(printedPieces);
const singlePieceOf = new ByDuration<readonly Printed[]>((duration) => [singlePiece(duration)]);
const gracePieceOf = new ByDuration<readonly Printed[]>((duration) => [gracePiece(duration)]);

function singlePiece(duration: Rational): Printed {
  return { duration, value: { base: duration, dots: 0 }, ratio: undefined };
}

/** A grace note prints its duration as a plain or dotted value. */
function gracePiece(duration: Rational): Printed {
  const notation = notateDuration(duration);
  if (notation.kind === 'value') return { duration, value: notation.value, ratio: undefined };
  return printedPieces(duration)[0]!;
}

const ACCIDENTAL_ALTERS: Readonly<Record<string, number>> = {
  sharp: 1,
  natural: 0,
  flat: -1,
  'double-sharp': 2,
  'sharp-sharp': 2,
  'flat-flat': -2,
  'natural-sharp': 1,
  'natural-flat': -1,
};

function accidentalFits(
  accidental: XmlElement,
  pitch: Pitch | undefined,
  readAs: string | undefined,
): boolean {
  if (pitch !== undefined && readAs === formatPitch(pitch)) return true;
  let text = '';
  for (const node of accidental.c ?? []) if (typeof node === 'string') text += node;
  const alter = ACCIDENTAL_ALTERS[text.trim()];
  return alter === undefined || (pitch !== undefined && alter === pitch.alter);
}

function unpitchedElement(kept: XmlElement, pitch: Pitch): XmlElement {
  if (!child(kept, 'display-step')) return kept;
  return element('unpitched', kept.a ?? {}, [
    element('display-step', {}, [pitch.step]),
    element('display-octave', {}, [String(pitch.octave)]),
  ]);
}

/**
 * The `<notations>` of a note. Ties are the model's: a kept `<tied>` stays only
 * while the model still ties that way (a tie repair or a rewrite of the next
 * measure removes it), so a removed tie never comes back on import. For a
 * new note, the `<tied>` and tuplet brackets are written from the model; a
 * kept note gets no `<tied>` added (files may leave them out, `<tie>` says it).
 */
function notationsFor(
  kept: readonly XmlElement[],
  tie: { readonly tieStart: boolean; readonly tieStop: boolean },
  keptTie: { readonly start: boolean; readonly stop: boolean },
  bracket: { readonly start: boolean; readonly stop: boolean } | undefined,
  generateTied: boolean,
  stripTuplets: boolean,
  marks: readonly XmlElement[] = [],
): readonly XmlElement[] {
  // Most notes have nothing in <notations>: no arrays made for them.
  if (
    kept.length === 0 &&
    marks.length === 0 &&
    !(generateTied && (tie.tieStart || tie.tieStop)) &&
    !bracket?.start &&
    !bracket?.stop
  )
    return NO_ELEMENTS;
  const tieStart = tie.tieStart;
  const tieStop = tie.tieStop;
  const startDrawn = tieStart || keptTie.start;
  const stopDrawn = tieStop || keptTie.stop;
  let hasStart = false;
  let hasStop = false;
  const result: XmlElement[] = [];
  for (let keptIndex = 0; keptIndex < kept.length; keptIndex++) {
    const notations = kept[keptIndex]!;
    const children = notations.c ?? [];
    // Copied only when a child is left out: most kept notations come back whole.
    let written: XmlNode[] | undefined;
    for (let index = 0; index < children.length; index++) {
      const node = children[index]!;
      let keep = true;
      if (isElement(node) && node.n === 'tuplet') keep = !stripTuplets;
      else if (isElement(node) && node.n === 'tied') {
        const type = node.a?.type;
        if (type === 'continue') {
          keep = startDrawn && stopDrawn;
          if (keep) {
            hasStart = true;
            hasStop = true;
          }
        } else if (type === 'start') {
          keep = startDrawn;
          if (keep) hasStart = true;
        } else if (type === 'stop') {
          keep = stopDrawn;
          if (keep) hasStop = true;
        }
      }
      if (!keep) written ??= children.slice(0, index);
      else written?.push(node);
    }
    result.push(written ? withChildren(notations, written) : notations);
  }
  const generated: XmlElement[] = [];
  if (generateTied) {
    if (tieStop && !hasStop) generated.push(element('tied', { type: 'stop' }));
    if (tieStart && !hasStart) generated.push(element('tied', { type: 'start' }));
  }
  if (bracket?.stop) generated.push(element('tuplet', { type: 'stop' }));
  if (bracket?.start) generated.push(element('tuplet', { type: 'start', bracket: 'yes' }));
  if (generated.length > 0 || marks.length > 0) {
    const first = result[0];
    // The model's marks before the kept children, so that reading the file again takes them
    // first: a mark the file repeats (two staccatos on a note) keeps its copy kept as it was.
    if (first) result[0] = withChildren(first, [...generated, ...marks, ...(first.c ?? [])]);
    else result.push(element('notations', {}, [...generated, ...marks]));
  }
  // Filtered (a copy) only when a <notations> was left empty: most are not.
  for (let index = 0; index < result.length; index++)
    if (isEmpty(result[index]!)) return result.filter((notations) => !isEmpty(notations));
  return result;
}

function isEmpty(notations: XmlElement): boolean {
  return (notations.c ?? NO_NODES).length === 0 && notations.a === undefined;
}

interface OneNote {
  readonly pitch: Pitch | undefined;
  readonly kept: XmlElement | undefined;
  /** The pitch the kept note was read with. */
  readonly readAs: string | undefined;
  readonly tieStart: boolean;
  readonly tieStop: boolean;
  readonly chord: boolean;
  /** The `<tied>` types of an unfinished tie the file had on this note (see {@link EventKeep}). */
  readonly loose: readonly string[];
  /** The children of `<notations>` that write the event's marks on this note. */
  readonly marks: readonly XmlElement[];
  /** The `<lyric>`s written on this note. */
  readonly lyrics: readonly XmlElement[];
}

const NO_TIE = { start: false, stop: false } as const;

/**
 * The `<tied>` of a tie the file left unfinished (import-ties.ts) that is written back: while
 * the model has no tie there, and a start only while it still would not land (or it would
 * read as one).
 */
function looseTie(
  note: OneNote,
  next: ScoreEvent | undefined,
): { readonly start: boolean; readonly stop: boolean } {
  const nextHolds =
    note.pitch !== undefined &&
    next !== undefined &&
    (next.kind === 'note'
      ? samePitch(next.pitch, note.pitch)
      : next.kind === 'chord' && chordHolds(next.notes, note.pitch));
  return {
    start: note.loose.includes('start') && !note.tieStart && !nextHolds,
    stop: note.loose.includes('stop') && !note.tieStop,
  };
}

function writeOne(
  event: ScoreEvent,
  note: OneNote,
  printed: Printed,
  keepValue: boolean,
  context: NoteContext,
  bracket: { readonly start: boolean; readonly stop: boolean } | undefined,
): XmlElement {
  const kept = note.kept;
  // The two lists merged are scratch arrays, emptied here: what the note keeps is the merge.
  const keptChildren = KEPT_SCRATCH;
  if (keptChildren.length > 0) keptChildren.length = 0;
  let keptNotations: XmlElement[] | undefined;
  let hasGrace = false;
  let hasRest = false;
  const keptTie = note.loose.length > 0 ? looseTie(note, context.next) : NO_TIE;
  let hasUnpitched = false;
  let ownStaff = false;
  let keptTimeModification = false;
  const keptNodes = kept?.c ?? NO_NODES;
  for (let index = 0; index < keptNodes.length; index++) {
    const node = keptNodes[index]!;
    if (!isElement(node)) {
      keptChildren.push(node);
      continue;
    }
    switch (node.n) {
      case 'grace':
        if (!event.grace) continue;
        hasGrace = true;
        break;
      case 'rest':
        if (event.kind !== 'rest' && event.kind !== 'space') continue;
        hasRest = true;
        break;
      case 'unpitched':
        if (!note.pitch) continue;
        hasUnpitched = true;
        keptChildren.push(unpitchedElement(node, note.pitch));
        continue;
      case 'type':
      case 'dot':
        if (!keepValue) continue;
        break;
      case 'time-modification':
        if (!keepValue) continue;
        keptTimeModification = true;
        break;
      case 'accidental':
        if (!accidentalFits(node, note.pitch, note.readAs)) continue;
        break;
      case 'notations':
        keptNotations ??= [];
        keptNotations.push(node);
        continue;
      case 'tie':
        // The model owns ties: import keeps no <tie>.
        continue;
      case 'staff':
        // A grace note kept with its own <staff> (it leads to a note on another staff) keeps it.
        ownStaff = true;
        break;
      case 'beam':
        if (context.stripBeams) continue;
        break;
    }
    keptChildren.push(keptLeaf(node));
  }
  // The children written from the model are leaves made once per value (note-leaves.ts).
  const generated = GENERATED_SCRATCH;
  if (generated.length > 0) generated.length = 0;
  if (event.grace && !hasGrace) generated.push(GRACE_LEAF);
  if (note.chord) generated.push(CHORD_LEAF);
  if (event.kind === 'rest' || event.kind === 'space') {
    if (!hasRest) generated.push(context.measureRest ? MEASURE_REST_LEAF : REST_LEAF);
  } else if (note.pitch && !hasUnpitched) generated.push(pitchLeaf(note.pitch));
  if (!event.grace) generated.push(durationLeaf(toDivisions(printed.duration, context.divisions)));
  if (note.tieStop) generated.push(TIE_STOP_LEAF);
  if (note.tieStart) generated.push(TIE_START_LEAF);
  generated.push(voiceLeaf(context.voice));
  const measureRest = event.kind === 'rest' && context.measureRest;
  if (!keepValue && !measureRest) {
    generated.push(typeLeaf(typeName(printed.value.base)));
    for (let dot = 0; dot < printed.value.dots; dot++) generated.push(DOT_LEAF);
    if (printed.ratio && !keptTimeModification) generated.push(timeModificationLeaf(printed.ratio));
  }
  if (context.staff !== undefined && !ownStaff) generated.push(staffLeaf(context.staff));
  const notations = notationsFor(
    keptNotations ?? NO_ELEMENTS,
    note,
    keptTie,
    note.chord ? undefined : bracket,
    kept === undefined,
    context.stripTuplets === true,
    note.marks,
  );
  for (let index = 0; index < notations.length; index++) generated.push(notations[index]!);
  const merged = ownCopy(mergeInOrder(NOTE_ORDER, keptChildren, generated));
  const children = note.lyrics.length > 0 ? withLyrics(merged, note.lyrics) : merged;
  // Built here, not by element(), which looks for a first attribute of every note's (a cost of
  // its own): the text is the same with an empty `a`, and a note always has children.
  if (event.kind === 'space')
    return { n: 'note', a: { ...kept?.a, 'print-object': 'no' }, c: children };
  return kept?.a !== undefined ? { n: 'note', a: kept.a, c: children } : { n: 'note', c: children };
}

/**
 * The kept and the generated children of the note {@link writeOne} is
 * writing, made once: export writes every note of a score, and two arrays
 * made for each, read once by the merge, were a share of what it allocated.
 * (writeOne calls nothing that writes a note, so one pair serves.)
 */
const KEPT_SCRATCH: XmlNode[] = [];
const GENERATED_SCRATCH: XmlNode[] = [];

/** A merge of the scratch arrays as the note's own array: copied when the merge is one of them. */
function ownCopy(merged: readonly XmlNode[]): readonly XmlNode[] {
  return merged === KEPT_SCRATCH || merged === GENERATED_SCRATCH ? merged.slice() : merged;
}

/** The model's lyrics before the kept ones, so that reading the file again takes them first. */
function withLyrics(merged: readonly XmlNode[], lyrics: readonly XmlElement[]): XmlNode[] {
  let lyricsAt = merged.findIndex(
    (node) => isElement(node) && (NOTE_ORDER[node.n] ?? 0) >= NOTE_ORDER.lyric!,
  );
  if (lyricsAt < 0) lyricsAt = merged.length;
  return [...merged.slice(0, lyricsAt), ...lyrics, ...merged.slice(lyricsAt)];
}

/**
 * The MusicXML of one event: `<note>`s, or a `<forward>` for an invisible
 * rest that was not a hidden rest in the file.
 *
 * @example
 * ```ts
 * const nodes = writeEvent(event, { divisions: 1, voice: '1', staff: undefined, tiedIn: [], bracket: undefined, measureRest: false });
 * ```
 */
export function writeEvent(event: ScoreEvent, context: NoteContext): XmlElement[] {
  const held = eventKeep(event);
  const kept = held?.notes;
  if (event.kind === 'space' && !kept) {
    const children: XmlElement[] = [
      element('duration', {}, [String(toDivisions(event.duration, context.divisions))]),
      element('voice', {}, [context.voice]),
    ];
    if (context.staff !== undefined) children.push(element('staff', {}, [String(context.staff)]));
    return [element('forward', {}, children)];
  }
  // A kept note was read with this very duration (attachments never survive a change of
  // duration), so its <type>, <dot>s and <time-modification> are written as the file had them.
  const keepValue = kept !== undefined && kept.length > 0;
  const pieces: readonly Printed[] = keepValue
    ? singlePieceOf.of(event.duration)
    : event.grace
      ? gracePieceOf.of(event.duration)
      : printedPiecesOf.of(event.duration);
  const noteCount = event.kind === 'chord' ? event.notes.length : 1;
  const slurNumbers = context.slurNumbers ?? LEVEL_NUMBERS;
  const out: XmlElement[] = [];
  // Plain loops, no closure or object per piece or note but what is written: export runs this
  // for every note of a score.
  for (let pieceIndex = 0; pieceIndex < pieces.length; pieceIndex++) {
    const printed = pieces[pieceIndex]!;
    const firstPiece = pieceIndex === 0;
    const lastPiece = pieceIndex === pieces.length - 1;
    // The context's own bracket when the event is one piece (made anew only for a split note).
    const bracket =
      context.bracket && !(firstPiece && lastPiece)
        ? { start: context.bracket.start && firstPiece, stop: context.bracket.stop && lastPiece }
        : context.bracket;
    for (let noteIndex = 0; noteIndex < noteCount; noteIndex++) {
      const pitch = pitchOf(event, noteIndex);
      const tie = tiesOn(event, noteIndex);
      const tiedIn = pitch !== undefined && holdsPitch(context.tiedIn, pitch);
      out.push(
        writeOne(
          event,
          {
            pitch,
            kept: firstPiece ? kept?.[noteIndex] : stripForPiece(kept?.[noteIndex]),
            readAs: held?.pitches?.[noteIndex],
            tieStart: lastPiece ? tie : pitch !== undefined,
            tieStop: firstPiece ? tiedIn : pitch !== undefined,
            chord: noteIndex > 0,
            loose: firstPiece && lastPiece ? (held?.loose?.[noteIndex] ?? NO_TIES) : NO_TIES,
            marks: notationMarks(event, { note: noteIndex, firstPiece, lastPiece, slurNumbers }),
            lyrics: firstPiece && noteIndex === 0 ? (context.lyrics ?? NO_ELEMENTS) : NO_ELEMENTS,
          },
          printed,
          keepValue,
          context,
          bracket,
        ),
      );
    }
  }
  return out;
}

/** The pitch of note `index` of an event (none for a rest). */
function pitchOf(event: ScoreEvent, index: number): Pitch | undefined {
  if (event.kind === 'note') return event.pitch;
  if (event.kind === 'chord') return event.notes[index]!.pitch;
  return undefined;
}

/** Whether note `index` of an event ties into the next sounding event. */
function tiesOn(event: ScoreEvent, index: number): boolean {
  if (event.kind === 'note') return event.tie;
  if (event.kind === 'chord') return event.tie || event.notes[index]!.tie;
  return false;
}

const LEVEL_NUMBERS: readonly [string, string] = ['1', '2'];
const NO_TIES: readonly string[] = [];
const NO_ELEMENTS: readonly XmlElement[] = [];
/** Frozen (a push would throw): read only, where a note has no children. */
const NO_NODES = Object.freeze([]) as unknown as XmlNode[];

function chordHolds(notes: readonly { readonly pitch: Pitch }[], pitch: Pitch): boolean {
  for (const held of notes) if (samePitch(held.pitch, pitch)) return true;
  return false;
}

function holdsPitch(pitches: readonly Pitch[], pitch: Pitch): boolean {
  for (const held of pitches) if (samePitch(held, pitch)) return true;
  return false;
}

/** What a later piece of a split note keeps: how the note looks, not what is said on it. */
const PIECE_KEEPS: ReadonlySet<string> = new Set([
  'grace',
  'cue',
  'rest',
  'unpitched',
  'instrument',
  'stem',
  'notehead',
]);

/** A later piece of a split note: the kept note with only what {@link PIECE_KEEPS} names. */
function stripForPiece(kept: XmlElement | undefined): XmlElement | undefined {
  if (!kept) return undefined;
  return withChildren(
    kept,
    childElements(kept).filter((node) => PIECE_KEEPS.has(node.n)),
  );
}
