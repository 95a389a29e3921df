/**
 * The player a host provides for `play` and `stop`. The tools never make
 * sound themselves: a browser page plays through Web Audio, a desktop host
 * through whatever it has, and a server may have no player at all.
 */

/**
 * What to play: 1-based measures, inclusive, and the parts.
 *
 * @example
 * ```ts
 * const request: PlayRequest = { start_measure: 1, end_measure: 8, parts: [1, 2] };
 * ```
 */
export interface PlayRequest {
  readonly start_measure: number;
  readonly end_measure: number;
  readonly parts: readonly number[];
}

/**
 * A player's answer. A player refuses at once when it cannot play: a page
 * that has had no user gesture answers `needs-gesture` (browsers allow audio
 * only after one) instead of waiting for a click that may never come.
 *
 * @example
 * ```ts
 * const refused: PlayOutcome = { ok: false, reason: 'needs-gesture', message: 'The page has had no click yet.' };
 * ```
 */
export type PlayOutcome =
  | { readonly ok: true; readonly message?: string }
  | {
      readonly ok: false;
      readonly reason: 'needs-gesture' | 'unavailable' | 'failed';
      readonly message: string;
    };

/**
 * The host's playback.
 *
 * @example
 * ```ts
 * const player: ScorePlayer = {
 *   play: (request) => (audio.unlocked ? (audio.start(request), { ok: true }) : {
 *     ok: false, reason: 'needs-gesture', message: 'Audio is locked until the page is clicked.' }),
 *   stop: () => (audio.stop(), { ok: true }),
 * };
 * ```
 */
export interface ScorePlayer {
  play(request: PlayRequest): PlayOutcome | Promise<PlayOutcome>;
  stop(): PlayOutcome | Promise<PlayOutcome>;
}
