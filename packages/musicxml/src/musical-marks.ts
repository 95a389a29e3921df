/**
 * Sorting what import keeps into what the music says and layout. Each kept
 * `<note>` and each element between notes is read for the marks a musician
 * would miss (lyrics, articulations, ornaments, fermatas, slur ends,
 * dynamics, pedal, tempo and expression text, fingering, chord symbols, ...);
 * everything else (positions, stems, beams, note types, print and spacing
 * attributes) is layout, which export writes anew. The marks are stored
 * beside the kept XML, so the planner can say in words what an edit loses
 * without reading MusicXML.
 */
import { type Json, type Mark, withMarks } from '@scorelane/score-model';
import { type EventKeep, KEEP_KEY } from './attachment-types.ts';
import { unitKeep } from './unit-keep.ts';
import { child, childElements, childText, isElement, textOf, type XmlElement } from './xml-tree.ts';

/** `strong-accent` as words: `strong accent`. */
function words(name: string): string {
  return name.replace(/-/g, ' ');
}

/** The text of an element and everything inside it, trimmed. */
function deepText(node: XmlElement): string {
  let text = '';
  for (const inner of node.c ?? []) {
    if (typeof inner === 'string') text += inner;
    else if (isElement(inner)) text += deepText(inner);
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** A `<dynamics>` as it reads: `mf`, `sfz`, or its `<other-dynamics>` text. */
function dynamicsText(dynamics: XmlElement): string {
  return childElements(dynamics)
    .map((mark) => (mark.n === 'other-dynamics' ? deepText(mark) : mark.n))
    .join('');
}

const ORNAMENT_NAMES: Readonly<Record<string, string>> = {
  'trill-mark': 'trill',
  'wavy-line': 'trill line',
  'delayed-turn': 'delayed turn',
  'inverted-turn': 'inverted turn',
  'inverted-mordent': 'inverted mordent',
  'other-ornament': 'ornament',
};

/** One child of `<notations>` as marks; `open` holds the slur ends the file left without their other end. */
function notationMarks(node: XmlElement, open: ReadonlySet<XmlElement>): Mark[] {
  switch (node.n) {
    case 'slur': {
      const type = node.a?.type;
      if (type !== 'start' && type !== 'stop') return [];
      const kind = type === 'start' ? 'slur-start' : 'slur-stop';
      const number = node.a?.number ?? '1';
      return [open.has(node) ? { kind, number, open: true } : { kind, number }];
    }
    case 'articulations':
      return childElements(node).map((mark) =>
        mark.n === 'breath-mark' || mark.n === 'caesura'
          ? { kind: 'breath', name: words(mark.n) }
          : {
              kind: 'articulation',
              name:
                mark.n === 'other-articulation' ? deepText(mark) || 'articulation' : words(mark.n),
            },
      );
    case 'ornaments':
      return childElements(node)
        .filter((mark) => mark.n !== 'accidental-mark')
        .filter((mark) => mark.n !== 'wavy-line' || mark.a?.type === 'start')
        .map((mark) =>
          mark.n === 'tremolo'
            ? { kind: 'tremolo', name: 'tremolo' }
            : { kind: 'ornament', name: ORNAMENT_NAMES[mark.n] ?? words(mark.n) },
        );
    case 'technical':
      return childElements(node).map((mark) =>
        mark.n === 'fingering'
          ? { kind: 'fingering', text: deepText(mark) }
          : { kind: 'technique', name: words(mark.n) },
      );
    case 'fermata':
      return [{ kind: 'fermata', name: 'fermata' }];
    case 'dynamics':
      return [{ kind: 'dynamic', text: dynamicsText(node) }];
    case 'arpeggiate':
      return [{ kind: 'arpeggio', name: 'arpeggio' }];
    case 'non-arpeggiate':
      return [{ kind: 'arpeggio', name: 'non-arpeggio bracket' }];
    case 'glissando':
    case 'slide':
      return node.a?.type === 'start' ? [{ kind: 'glissando', name: node.n }] : [];
    case 'accidental-mark':
      return [{ kind: 'ornament', name: 'accidental mark' }];
    case 'other-notation':
      return [{ kind: 'other', name: deepText(node) || 'notation' }];
    default:
      // <tied> belongs to the model's ties, <tuplet> to its durations.
      return [];
  }
}

/** A `<lyric>` as a mark: its syllables joined (`la`), or an extension line. */
function lyricMark(lyric: XmlElement): Mark {
  const text = childElements(lyric, 'text')
    .map((part) => deepText(part))
    .join(' ');
  if (text !== '') return { kind: 'lyric', text };
  return { kind: 'lyric', name: child(lyric, 'extend') ? 'lyric extension line' : 'lyric' };
}

/**
 * The musical marks on one kept `<note>`: lyrics, notations (slur ends,
 * articulations, ornaments, technique and fingering, fermatas, dynamics,
 * arpeggios, glissandos) and a notehead other than the normal one.
 * Stems, beams, note types, positions and playback are layout. A slur end
 * in `open` (one the file never ended, see `loneSlurs`) is marked `open`.
 *
 * @example
 * ```ts
 * noteMarks(parseXml('<note><notations><articulations><staccato/></articulations></notations><lyric><text>la</text></lyric></note>').root);
 * // [{ kind: 'articulation', name: 'staccato' }, { kind: 'lyric', text: 'la' }]
 * ```
 */
export function noteMarks(note: XmlElement, open: ReadonlySet<XmlElement> = new Set()): Mark[] {
  const marks: Mark[] = [];
  pushNoteMarks(marks, note, open);
  return marks;
}

/** Appends the marks of {@link noteMarks} to `marks` (one list for all the notes of a chord). */
function pushNoteMarks(marks: Mark[], note: XmlElement, open: ReadonlySet<XmlElement>): void {
  for (const node of note.c ?? []) {
    if (!isElement(node)) continue;
    if (node.n === 'notations') {
      for (const inner of node.c ?? [])
        if (isElement(inner)) for (const mark of notationMarks(inner, open)) marks.push(mark);
    } else if (node.n === 'lyric') marks.push(lyricMark(node));
    else if (node.n === 'notehead') {
      const shape = textOf(node)?.trim();
      if (shape && shape !== 'normal') marks.push({ kind: 'other', name: `${shape} notehead` });
    }
  }
}

/** A `<metronome>` as text: `quarter = 120`. */
function metronomeText(metronome: XmlElement): string {
  const unit = childText(metronome, 'beat-unit');
  const dots = childElements(metronome, 'beat-unit-dot').length;
  const perMinute = childText(metronome, 'per-minute');
  if (unit && perMinute) return `${'dotted '.repeat(dots)}${unit} = ${perMinute.trim()}`;
  return deepText(metronome);
}

/** One `<direction-type>` child as marks. */
function directionMarks(node: XmlElement, isTempo: boolean): Mark[] {
  switch (node.n) {
    case 'dynamics':
      return [{ kind: 'dynamic', text: dynamicsText(node) }];
    case 'words': {
      const text = deepText(node);
      if (text === '') return [];
      return [isTempo ? { kind: 'tempo', text } : { kind: 'expression', text }];
    }
    case 'metronome':
      return [{ kind: 'tempo', text: metronomeText(node) }];
    case 'wedge': {
      const type = node.a?.type;
      return type === 'crescendo' || type === 'diminuendo' ? [{ kind: 'hairpin', name: type }] : [];
    }
    case 'pedal': {
      const type = node.a?.type;
      if (type === 'start') return [{ kind: 'pedal', name: 'pedal down' }];
      if (type === 'stop') return [{ kind: 'pedal', name: 'pedal release' }];
      if (type === 'change') return [{ kind: 'pedal', name: 'pedal change' }];
      return [];
    }
    case 'octave-shift':
      return node.a?.type === 'stop' ? [] : [{ kind: 'octave-shift', name: 'octave shift' }];
    case 'rehearsal':
      return [{ kind: 'rehearsal', text: deepText(node) }];
    case 'segno':
    case 'coda':
      return [{ kind: 'repeat-sign', name: node.n }];
    case 'other-direction':
      return [{ kind: 'other', name: deepText(node) || 'direction' }];
    default:
      // dashes, brackets, images, accordion registrations, ... are drawn, not said.
      return [];
  }
}

/** A `<harmony>` as a chord symbol: `C`, `Bbm7` (its `<kind text>`), or `Bb minor-seventh`. */
function chordSymbolText(harmony: XmlElement): string {
  const root = child(harmony, 'root');
  const step = root ? (childText(root, 'root-step') ?? '') : '';
  const alter = Math.trunc(Number(root ? childText(root, 'root-alter') : 0));
  const accidental =
    alter > 0 ? '#'.repeat(Math.min(alter, 2)) : alter < 0 ? 'b'.repeat(Math.min(-alter, 2)) : '';
  const kind = child(harmony, 'kind');
  const name = kind ? (textOf(kind) ?? '').trim() : '';
  const quality = kind?.a?.text ?? (name === '' || name === 'major' ? '' : ` ${name}`);
  return `${step}${accidental}${quality}`.trim();
}

/**
 * The musical marks of one element kept between notes: dynamics, tempo and
 * expression text, metronome marks, hairpins, pedal, octave shifts,
 * rehearsal marks, segno and coda (`<direction>`); chord symbols
 * (`<harmony>`); figured bass; a tempo `<sound>`; fermatas, segno and
 * coda on a `<barline>` (its repeats and endings are the model's bar lines). `<print>`, `<attributes>` and the rest are
 * layout or belong to the model.
 *
 * @example
 * ```ts
 * itemMarks(parseXml('<direction><direction-type><dynamics><mf/></dynamics></direction-type></direction>').root);
 * // [{ kind: 'dynamic', text: 'mf' }]
 * ```
 */
export function itemMarks(item: XmlElement): Mark[] {
  switch (item.n) {
    case 'direction': {
      const isTempo = child(item, 'sound')?.a?.tempo !== undefined;
      return childElements(item, 'direction-type').flatMap((type) =>
        childElements(type).flatMap((node) => directionMarks(node, isTempo)),
      );
    }
    case 'harmony':
      return [{ kind: 'chord-symbol', text: chordSymbolText(item) }];
    case 'figured-bass':
      return [{ kind: 'figured-bass', text: deepText(item) }];
    case 'sound':
      return item.a?.tempo !== undefined ? [{ kind: 'tempo', text: `${item.a.tempo} bpm` }] : [];
    case 'barline': {
      // Repeats and endings are the model's bar lines (barlines.ts), not marks.
      const marks: Mark[] = [];
      if (child(item, 'fermata')) marks.push({ kind: 'fermata', name: 'fermata' });
      if (child(item, 'segno')) marks.push({ kind: 'repeat-sign', name: 'segno' });
      if (child(item, 'coda')) marks.push({ kind: 'repeat-sign', name: 'coda' });
      return marks;
    }
    default:
      return [];
  }
}

/** Attachments as an object, to add marks beside what they hold. */
function asObject(attachments: Json): { readonly [key: string]: Json } | undefined {
  return attachments && typeof attachments === 'object' && !Array.isArray(attachments)
    ? (attachments as { readonly [key: string]: Json })
    : undefined;
}

/**
 * An event's attachments with the marks of its kept notes listed beside the
 * kept XML (see `MARKS_KEY` in score-model): an attachment of layout only
 * lists none. `openSlurs` are the slur elements the file left without their
 * other end. An event with no kept notes keeps its attachments as they are.
 *
 * @example
 * ```ts
 * eventAttachmentsWithMarks(event.attachments); // { musicxml: { notes: [...] }, marks: [{ kind: 'articulation', ... }] }
 * ```
 */
export function eventAttachmentsWithMarks(
  attachments: Json,
  openSlurs: ReadonlySet<XmlElement> = new Set(),
): Json {
  const own = asObject(attachments);
  const held = own?.[KEEP_KEY] as EventKeep | undefined;
  if (!own || !held || !Array.isArray(held.notes)) return attachments;
  const marks: Mark[] = [];
  for (const note of held.notes) pushNoteMarks(marks, note, openSlurs);
  return withMarks(own, marks);
}

/**
 * A unit's attachments with the marks of the elements it keeps between
 * notes listed beside them, as {@link eventAttachmentsWithMarks} lists an
 * event's.
 *
 * @example
 * ```ts
 * unitAttachmentsWithMarks(keep({ items: [{ at: '0', x: direction }] })); // { musicxml: ..., marks: [{ kind: 'dynamic', text: 'p' }] }
 * ```
 */
export function unitAttachmentsWithMarks(attachments: Json): Json {
  const own = asObject(attachments);
  if (!own) return attachments;
  const items = unitKeep(attachments).items ?? [];
  return withMarks(
    own,
    items.flatMap((item) => itemMarks(item.x)),
  );
}
