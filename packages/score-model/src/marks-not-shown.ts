/**
 * What a read cannot show: the marks an attachment describes for which
 * lanes-seq has no word (a glissando, figured bass, a repeat sign), and
 * lyrics that no lyric line can hold (on a rest, a grace note or a tie
 * continuation). A read names them in one `%` line per lane, in words, so an
 * agent knows a rewrite of that unit would drop them.
 */
import type { Pitch } from '@scorelane/lanes-seq';
import { voiceLyricLines } from './lyric-slots.ts';
import { describeMark, listInWords, type Mark, type MarkKind, marksOf } from './marks.ts';
import type { UnitContent } from './score-types.ts';
import { unitName } from './unit-lanes.ts';

/** Mark kinds an attachment may describe that lanes-seq has no word for. */
export const UNWRITABLE_MARK_KINDS: readonly MarkKind[] = [
  'figured-bass',
  'glissando',
  'repeat-sign',
  'other',
];

function unwritable(marks: readonly Mark[] | undefined): Mark[] {
  return (marks ?? []).filter((mark) => UNWRITABLE_MARK_KINDS.includes(mark.kind));
}

/**
 * The `% marks not shown:` lines of one unit: one per voice that holds
 * something a read cannot show, and one for the unit's own attachments.
 *
 * @example
 * ```ts
 * marksNotShownLines(1, 1, 3, content, () => []);
 * // ['% marks not shown: P1 s1 v1 m3: a glissando on event 2.']
 * ```
 */
export function marksNotShownLines(
  part: number,
  staff: number,
  measure: number,
  content: UnitContent,
  tiedIn: (voice: number) => readonly Pitch[],
): string[] {
  const lines: string[] = [];
  const between = unwritable(marksOf(content.attachments)).map(describeMark);
  if (between.length > 0) {
    lines.push(
      `% marks not shown: ${unitName(part, staff, measure)}: ${listInWords(between)} (between its notes).`,
    );
  }
  for (const voice of [...content.voices].sort((a, b) => a.voice - b.voice)) {
    const items: string[] = [];
    voice.events.forEach((event, index) => {
      for (const mark of unwritable(marksOf(event.attachments)))
        items.push(`${describeMark(mark)} on event ${index + 1}`);
    });
    const lane = { part, staff, voice: voice.voice, measure };
    for (const { event, lyric, reason } of voiceLyricLines(lane, voice.events, tiedIn(voice.voice))
      .unshown) {
      items.push(
        `the lyric "${lyric.text}" (verse ${lyric.verse}) on event ${event + 1}, ${reason}`,
      );
    }
    if (items.length > 0) {
      lines.push(
        `% marks not shown: P${part} s${staff} v${voice.voice} m${measure}: ${items.join(', ')}.`,
      );
    }
  }
  return lines;
}
