/**
 * The marks the model holds (lanes-seq's `LaneMark`s, lyrics, chord-note
 * fingerings) described as an importer describes the marks it keeps
 * (`Mark`), so that what a rewrite drops is named the same way whether the
 * model or an attachment held it.
 */
import type { ChordRoot, LaneMark } from '@scorelane/lanes-seq';
import type { Mark } from './marks.ts';
import type { ScoreEvent } from './score-types.ts';

function rootText(root: ChordRoot): string {
  const accidental = root.alter > 0 ? '#'.repeat(root.alter) : 'b'.repeat(-root.alter);
  return `${root.step}${accidental}`;
}

function words(name: string): string {
  return name.replace(/-/g, ' ');
}

/**
 * One model mark as a {@link Mark}.
 *
 * @example
 * ```ts
 * markOf({ kind: 'articulation', name: 'staccato' }); // { kind: 'articulation', name: 'staccato' }
 * ```
 */
export function markOf(mark: LaneMark): Mark {
  switch (mark.kind) {
    case 'articulation':
    case 'ornament':
    case 'technique':
    case 'breath':
      return { kind: mark.kind, name: words(mark.name) };
    case 'fermata':
    case 'arpeggio':
    case 'tremolo':
      return { kind: mark.kind, name: mark.kind };
    case 'fingering':
      return { kind: 'fingering', text: String(mark.finger) };
    case 'dynamic':
      return { kind: 'dynamic', text: mark.name };
    case 'slur':
      return {
        kind: mark.type === 'start' ? 'slur-start' : 'slur-stop',
        number: String(mark.level),
      };
    case 'hairpin':
      return { kind: 'hairpin', name: mark.type === 'stop' ? 'hairpin end' : mark.type };
    case 'octave-line':
      return { kind: 'octave-shift', name: mark.type === 'stop' ? 'octave line end' : mark.type };
    case 'pedal':
      return { kind: 'pedal', name: mark.type === 'start' ? 'pedal down' : 'pedal release' };
    case 'text':
      return { kind: 'expression', text: mark.text };
    case 'tempo': {
      const beat = mark.beat ? `${mark.beat.num}/${mark.beat.den}=${mark.perMinute}` : undefined;
      return { kind: 'tempo', text: [mark.text, beat].filter((part) => part).join(' ') };
    }
    case 'rehearsal':
      return { kind: 'rehearsal', text: mark.text };
    case 'chord-symbol':
      return {
        kind: 'chord-symbol',
        text: mark.root
          ? `${rootText(mark.root)}${mark.quality}${mark.bass ? `/${rootText(mark.bass)}` : ''}`
          : 'N.C.',
      };
  }
}

/**
 * Everything the model holds on one event, as {@link Mark}s: its marks,
 * the fingerings of a chord's notes, then its lyrics.
 *
 * @example
 * ```ts
 * modelMarks(event); // [{ kind: 'articulation', name: 'staccato' }, { kind: 'lyric', text: 'la' }]
 * ```
 */
export function modelMarks(event: ScoreEvent): Mark[] {
  const marks = (event.marks ?? []).map(markOf);
  if (event.kind === 'chord')
    for (const note of event.notes)
      if (note.fingering !== undefined)
        marks.push({ kind: 'fingering', text: String(note.fingering) });
  for (const lyric of event.lyrics ?? []) marks.push({ kind: 'lyric', text: lyric.text });
  return marks;
}
