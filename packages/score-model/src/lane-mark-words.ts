/**
 * The marks the model holds (lanes-seq marks, lyrics, fingerings) as the
 * described marks an attachment lists, so a plan says in the same words
 * what it drops of either.
 */
import { formatChordSymbol, formatRational, type LaneMark } from '@scorelane/lanes-seq';
import type { Mark } from './marks.ts';
import type { Lyric, ScoreEvent } from './score-types.ts';

function tempoText(mark: LaneMark & { kind: 'tempo' }): string {
  const beat =
    mark.beat !== undefined && mark.perMinute !== undefined
      ? `${formatRational(mark.beat)}=${mark.perMinute}`
      : '';
  return [mark.text, beat].filter((part) => part !== undefined && part !== '').join(' ');
}

const SPAN_NAMES: Record<string, string> = {
  crescendo: 'crescendo',
  diminuendo: 'diminuendo',
  '8va': '8va line',
  '8vb': '8vb line',
  '15ma': '15ma line',
  '15mb': '15mb line',
};

/**
 * A lanes-seq mark as a described mark: `{ kind: 'articulation', name: 'staccato' }`
 * stays so, a dynamic gives its name as text, a hairpin its kind as name.
 *
 * @example
 * ```ts
 * markOf({ kind: 'dynamic', name: 'mf' }); // { kind: 'dynamic', text: 'mf' }
 * ```
 */
export function markOf(mark: LaneMark): Mark {
  switch (mark.kind) {
    case 'articulation':
    case 'ornament':
    case 'technique':
      return { kind: mark.kind, name: mark.name.replace(/-/g, ' ') };
    case 'fermata':
    case 'arpeggio':
      return { kind: mark.kind };
    case 'breath':
      return { kind: 'breath', name: mark.name === 'breath' ? 'breath mark' : 'caesura' };
    case 'tremolo':
      return {
        kind: 'tremolo',
        name: `tremolo of ${mark.strokes} stroke${mark.strokes > 1 ? 's' : ''}`,
      };
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
      return {
        kind: 'hairpin',
        name: mark.type === 'stop' ? 'end of a hairpin' : SPAN_NAMES[mark.type]!,
      };
    case 'octave-line':
      return {
        kind: 'octave-shift',
        name: mark.type === 'stop' ? 'end of an octave line' : SPAN_NAMES[mark.type]!,
      };
    case 'pedal':
      return { kind: 'pedal', name: mark.type === 'start' ? 'pedal press' : 'pedal lift' };
    case 'text':
      return { kind: 'expression', text: mark.text };
    case 'tempo':
      return { kind: 'tempo', text: tempoText(mark) };
    case 'rehearsal':
      return { kind: 'rehearsal', text: mark.text };
    case 'chord-symbol':
      return { kind: 'chord-symbol', text: formatChordSymbol(mark) };
  }
}

/**
 * A lyric as a described mark: `{ kind: 'lyric', text: 'Freu' }`.
 *
 * @example
 * ```ts
 * describedLyric({ verse: 1, text: 'la', hyphen: false, extend: false }); // { kind: 'lyric', text: 'la' }
 * ```
 */
export function describedLyric(lyric: Lyric): Mark {
  return { kind: 'lyric', text: lyric.text };
}

/**
 * Everything the model holds on one event, as described marks: its marks,
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
  for (const lyric of event.lyrics ?? []) marks.push(describedLyric(lyric));
  return marks;
}
