/**
 * The play head on the engraved score: the measure sounding is marked
 * `.playing`, scrolled into view, and named in `#score[data-playing-measure]`
 * (absent when nothing plays), where a test or a script can watch it move;
 * the notes sounding (`g.note`, found through Verovio's timemap) are marked
 * `.sounding`. Both are cleared when playback stops or ends.
 */
import type { TimemapEntry } from './engraver.ts';
import { soundingNoteIds } from './note-timemap.ts';
import { measureElements } from './score-view.ts';

/** Where playback is, as the player tells it (`null`s when stopped). */
export interface PlayHeadPosition {
  readonly measure: number | null;
  readonly quarter: number | null;
}

/**
 * Marks `measure` (1-based) as the one playing, or clears the mark for
 * `null`.
 *
 * @example
 * ```ts
 * showPlayHead(page.score, 3); // #score[data-playing-measure="3"], the third g.measure marked
 * showPlayHead(page.score, null); // cleared
 * ```
 */
export function showPlayHead(container: HTMLElement, measure: number | null): void {
  if (measure === null) delete container.dataset.playingMeasure;
  else container.dataset.playingMeasure = String(measure);
  measureElements(container).forEach((element, index) => {
    const playing = index + 1 === measure;
    element.classList.toggle('playing', playing);
    if (playing) element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  });
}

/**
 * Marks the engraved notes with these ids `.sounding`, and no others.
 *
 * @example
 * ```ts
 * showSoundingNotes(page.score, ['n1x2y3']);
 * ```
 */
export function showSoundingNotes(container: HTMLElement, ids: readonly string[]): void {
  for (const note of container.querySelectorAll('g.note.sounding')) {
    note.classList.remove('sounding');
  }
  for (const id of ids) container.ownerDocument.getElementById(id)?.classList.add('sounding');
}

/**
 * Keeps the play head on the score as playback moves and as the score is
 * re-engraved (an edit during playback replaces the SVG and its note ids);
 * `timemap` gives the timemap of the score as engraved now. Returns the
 * function that moves the head.
 *
 * @example
 * ```ts
 * const move = followPlayHead(page.score, () => engraver.timemap(exportMusicXml(score)));
 * player.subscribe(move);
 * ```
 */
export function followPlayHead(
  container: HTMLElement,
  timemap: () => readonly TimemapEntry[],
): (position: PlayHeadPosition) => void {
  let measure: number | null = null;
  let sounding: ReturnType<typeof soundingNoteIds> | null = null;
  let notes: readonly string[] = [];
  new MutationObserver(() => {
    sounding = null;
    notes = [];
    if (measure !== null) showPlayHead(container, measure);
  }).observe(container, { childList: true });
  return (position) => {
    if (position.measure !== measure) {
      measure = position.measure;
      showPlayHead(container, measure);
    }
    if (position.measure === null) sounding = null;
    else if (position.quarter !== null) sounding ??= soundingNoteIds(timemap());
    const now = sounding === null || position.quarter === null ? [] : sounding(position.quarter);
    if (now !== notes) {
      notes = now;
      showSoundingNotes(container, notes);
    }
  };
}
