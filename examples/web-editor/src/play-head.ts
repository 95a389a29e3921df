/**
 * The play head on the engraved score: the measure sounding is marked
 * `.playing`, scrolled into view, and named in `#score[data-playing-measure]`
 * (absent when nothing plays), where a test or a script can watch it move;
 * the notes sounding (`g.note`, found through Verovio's timemap) are marked
 * `.sounding`. Both are cleared when playback stops or ends.
 */
import type { TimemapEntry } from './engraver.ts';
import { soundingNoteIds } from './note-timemap.ts';
import { measureElements, measureNumberOf } from './score-view.ts';

/** Where playback is, as the player tells it (`null`s when stopped). */
export interface PlayHeadPosition {
  readonly playing: { readonly parts: readonly number[] } | null;
  readonly measure: number | null;
  readonly quarter: number | null;
}

/** What the play head reads of the score as engraved now. */
export interface EngravedScore {
  /** Verovio's timemap of the engraving. */
  timemap(): readonly TimemapEntry[];
  /** How many staves each part has, part 1 first. */
  staves(): readonly number[];
}

/**
 * The staves of `parts` (1-based), as 0-based positions among a measure's
 * staves (Verovio's `g.staff`, part 1's first).
 *
 * @example
 * ```ts
 * stavesOfParts([1, 2], [2]); // Set { 1, 2 }: the piano's two staves below the violin's
 * ```
 */
export function stavesOfParts(staves: readonly number[], parts: readonly number[]): Set<number> {
  const positions = new Set<number>();
  let first = 0;
  staves.forEach((count, index) => {
    if (parts.includes(index + 1))
      for (let staff = 0; staff < count; staff++) positions.add(first + staff);
    first += count;
  });
  return positions;
}

/** The position of the staff holding `note` among its measure's staves, or -1. */
function staffPosition(note: Element): number {
  const staff = note.closest('g.staff');
  const measure = staff?.parentElement;
  if (!staff || !measure) return -1;
  return [...measure.children].filter((child) => child.classList.contains('staff')).indexOf(staff);
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
  let shown = false;
  for (const element of measureElements(container)) {
    const playing = measureNumberOf(element) === measure;
    element.classList.toggle('playing', playing);
    if (playing) element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    shown ||= playing;
  }
  if (measure !== null && !shown) {
    // Its range is not engraved yet: scrolling it into view engraves it.
    const ranges = [...container.querySelectorAll<HTMLElement>('[data-first-measure]')];
    const range = ranges
      .filter((element) => Number(element.dataset.firstMeasure) <= measure)
      .at(-1);
    range?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }
}

/**
 * Marks the engraved notes with these ids `.sounding`, and no others; with
 * `staves`, only those on these staff positions (see {@link stavesOfParts}).
 *
 * @example
 * ```ts
 * showSoundingNotes(page.score, ['n1x2y3']);
 * ```
 */
export function showSoundingNotes(
  container: HTMLElement,
  ids: readonly string[],
  staves?: ReadonlySet<number>,
): void {
  for (const note of container.querySelectorAll('g.note.sounding')) {
    note.classList.remove('sounding');
  }
  for (const id of ids) {
    const note = container.ownerDocument.getElementById(id);
    if (note && (staves === undefined || staves.has(staffPosition(note)))) {
      note.classList.add('sounding');
    }
  }
}

/** The notes sounding in the score as engraved now, and on which staves; made at the start of playback and after every re-engraving. */
interface NoteLookup {
  readonly at: ReturnType<typeof soundingNoteIds>;
  readonly staves: ReadonlySet<number>;
}

/**
 * Keeps the play head on the score as playback moves and as the score is
 * re-engraved (an edit during playback replaces the SVG and its note ids).
 * Returns the function that moves the head.
 *
 * @example
 * ```ts
 * const move = followPlayHead(page.score, {
 *   timemap: () => engraver.timemap(exportMusicXml(score)),
 *   staves: () => scoreInfo(score).parts.map((part) => part.staves),
 * });
 * player.subscribe(move);
 * ```
 */
export function followPlayHead(
  container: HTMLElement,
  engraved: EngravedScore,
): (position: PlayHeadPosition) => void {
  let measure: number | null = null;
  let lookup: NoteLookup | null = null;
  let notes: readonly string[] = [];
  new MutationObserver((records) => {
    // Only a new engraving (an SVG added) changes the notes and their ids.
    const engraved = records.some((record) =>
      [...record.addedNodes].some(
        (node) => node.nodeName === 'svg' || (node as Element).querySelector?.('svg') != null,
      ),
    );
    if (!engraved) return;
    lookup = null;
    notes = [];
    if (measure !== null) showPlayHead(container, measure);
  }).observe(container, { childList: true, subtree: true });
  return ({ playing, measure: now, quarter }) => {
    if (now !== measure) {
      measure = now;
      showPlayHead(container, measure);
    }
    if (playing === null) lookup = null;
    else if (quarter !== null) {
      lookup ??= {
        at: soundingNoteIds(engraved.timemap()),
        staves: stavesOfParts(engraved.staves(), playing.parts),
      };
    }
    const sounding = lookup === null || quarter === null ? [] : lookup.at(quarter);
    if (sounding !== notes) {
      notes = sounding;
      showSoundingNotes(container, notes, lookup?.staves);
    }
  };
}
