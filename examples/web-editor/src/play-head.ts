/**
 * The play head on the engraved score: the measure sounding is marked
 * `.playing`, scrolled into view, and named in `#score[data-playing-measure]`
 * (absent when nothing plays), where a test or a screen reader's script can
 * watch it move.
 */
import { measureElements } from './score-view.ts';

/**
 * Marks `measure` (1-based) as the one playing, or clears the mark for
 * `null`. Call it again after the score is re-engraved: it marks the new SVG.
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
 * Keeps the play head on the score as it is re-engraved (an edit during
 * playback replaces the SVG): returns the function that moves it.
 */
export function followPlayHead(container: HTMLElement): (measure: number | null) => void {
  let shown: number | null = null;
  new MutationObserver(() => {
    if (shown !== null && container.querySelector('g.measure.playing') === null) {
      showPlayHead(container, shown);
    }
  }).observe(container, { childList: true });
  return (measure) => {
    shown = measure;
    showPlayHead(container, measure);
  };
}
