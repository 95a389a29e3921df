/**
 * What a part's music holds, in words: how many notes in which measures,
 * and its marks by kind. What a plan that removes the part says it drops.
 */
import { markOf, modelMarks } from './lane-mark-words.ts';
import { listInWords, type Mark, marksOf } from './marks.ts';
import type { ScoreView } from './score-view.ts';

/** The plural of a mark kind, as a count says it. */
const KIND_WORDS: Readonly<Record<string, readonly [string, string]>> = {
  lyric: ['lyric syllable', 'lyric syllables'],
  dynamic: ['dynamic', 'dynamics'],
  articulation: ['articulation', 'articulations'],
  ornament: ['ornament', 'ornaments'],
  fermata: ['fermata', 'fermatas'],
  'slur-start': ['slur', 'slurs'],
  pedal: ['pedal mark', 'pedal marks'],
  tempo: ['tempo mark', 'tempo marks'],
  expression: ['text direction', 'text directions'],
  fingering: ['fingering', 'fingerings'],
  technique: ['technique mark', 'technique marks'],
  'chord-symbol': ['chord symbol', 'chord symbols'],
  'figured-bass': ['figured bass', 'figured basses'],
  hairpin: ['hairpin', 'hairpins'],
  'octave-shift': ['octave line', 'octave lines'],
  rehearsal: ['rehearsal mark', 'rehearsal marks'],
  'repeat-sign': ['repeat sign', 'repeat signs'],
  tremolo: ['tremolo', 'tremolos'],
  arpeggio: ['arpeggio', 'arpeggios'],
  glissando: ['glissando', 'glissandos'],
  breath: ['breath mark', 'breath marks'],
  other: ['other mark', 'other marks'],
};

/**
 * A part's music in words: `Violin 2: 412 notes in m1-m120, 30 dynamics,
 * and 4 slurs.`, or `Violin 2: no notes.` (the part's name, else `P2`).
 * Counts every note of a chord; a slur counts once, by its start.
 *
 * @example
 * ```ts
 * describePartMusic(viewScore(score), 2); // 'Violin 2: 12 notes in m1-m4 and 2 dynamics.'
 * ```
 */
export function describePartMusic(view: ScoreView, part: number): string {
  const entry = view.parts[part - 1];
  if (!entry) throw new RangeError(`No part ${part} to describe.`);
  let notes = 0;
  let first = 0;
  let last = 0;
  const kinds = new Map<string, number>();
  const count = (marks: readonly Mark[] | undefined) => {
    for (const mark of marks ?? []) kinds.set(mark.kind, (kinds.get(mark.kind) ?? 0) + 1);
  };
  for (let measure = 1; measure <= view.measureCount; measure++) {
    for (let staff = 1; staff <= entry.info.staves; staff++) {
      const content = view.unit(part, staff, measure)?.content;
      if (!content) continue;
      count(marksOf(content.attachments));
      for (const voice of content.voices) {
        for (const onset of voice.onsetMarks ?? []) count(onset.marks.map(markOf));
        for (const event of voice.events) {
          const struck =
            event.kind === 'note' ? 1 : event.kind === 'chord' ? event.notes.length : 0;
          if (struck > 0) {
            notes += struck;
            first ||= measure;
            last = measure;
          }
          count(modelMarks(event));
          count(marksOf(event.attachments));
        }
      }
    }
  }
  const name = entry.info.name.trim() || `P${part}`;
  const parts: string[] = [];
  if (notes > 0) {
    const where = first === last ? `m${first}` : `m${first}-m${last}`;
    parts.push(`${notes} note${notes === 1 ? '' : 's'} in ${where}`);
  } else parts.push('no notes');
  for (const [kind, words] of Object.entries(KIND_WORDS)) {
    const n = kinds.get(kind) ?? 0;
    if (n > 0) parts.push(`${n} ${n === 1 ? words[0] : words[1]}`);
  }
  return `${name}: ${listInWords(parts)}.`;
}
