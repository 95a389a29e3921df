/**
 * Play and Stop: the toolbar button, `P` anywhere outside a text field, and
 * Space while the score has focus. They call the person's `play` and `stop`
 * tools, so the person plays what an agent would (the selection, else the
 * whole score) through the same player. Every click or key press on the page
 * unlocks audio first, inside the gesture, as browsers require.
 */
import type { ToolInvocation } from '@scorelane/tool-contracts';
import type { InvokeTool } from './lanes-pane.ts';
import { type EngravedScore, followPlayHead } from './play-head.ts';
import type { WebAudioPlayer } from './web-audio-player.ts';

/** The elements the controls drive. */
export interface PlaybackControlElements {
  readonly play: HTMLButtonElement;
  readonly score: HTMLElement;
}

/** The fields of a key press that decide whether it toggles playback. */
export interface PlaybackKeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  /** Whether the key went to a text field (where `P` and Space are typed, not commands). */
  readonly inTextField: boolean;
  /** Whether the engraved score has the focus (Space toggles only there). */
  readonly onScore: boolean;
}

/**
 * Whether a key press toggles playback: `P` without Ctrl, Cmd or Alt outside
 * a text field, or Space on the score.
 *
 * @example
 * ```ts
 * togglesPlayback({ key: 'p', ctrlKey: false, metaKey: false, altKey: false, inTextField: false, onScore: false }); // true
 * ```
 */
export function togglesPlayback(press: PlaybackKeyPress): boolean {
  if (press.ctrlKey || press.metaKey || press.altKey || press.inTextField) return false;
  if (press.key === 'p' || press.key === 'P') return true;
  return press.key === ' ' && press.onScore;
}

function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLInputElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

/**
 * Binds the button and keys to `player` through `invoke` (the person's
 * tools); `report` is told each call's answer, an error when refused;
 * `engraved` tells the play head when the engraved notes sound. Returns the
 * unbind.
 */
export function bindPlaybackControls(
  player: WebAudioPlayer,
  elements: PlaybackControlElements,
  invoke: InvokeTool,
  report: (message: string, error: boolean) => void,
  engraved: EngravedScore,
): () => void {
  const moveHead = followPlayHead(elements.score, engraved);
  const toggle = async () => {
    const playing = player.state().playing !== null;
    const invocation: ToolInvocation = await invoke(playing ? 'stop' : 'play', {});
    if (invocation.ok) {
      report(String((invocation.output as { summary?: unknown }).summary ?? ''), false);
      return;
    }
    const answer = invocation.result.content[0];
    report(answer && 'text' in answer ? String(answer.text) : '', true);
  };
  const unlock = () => player.unlock();
  const onClick = () => void toggle();
  const onKey = (event: KeyboardEvent) => {
    const press = {
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      inTextField: isTextField(event.target),
      onScore: event.target === elements.score,
    };
    if (!togglesPlayback(press)) return;
    event.preventDefault();
    void toggle();
  };
  const stopListening = player.subscribe((state) => {
    moveHead(state);
    const label = state.playing === null ? 'Play' : 'Stop';
    if (elements.play.textContent === label) return;
    elements.play.textContent = label;
    elements.play.setAttribute('aria-pressed', String(state.playing !== null));
  });
  document.addEventListener('pointerdown', unlock, { capture: true });
  document.addEventListener('keydown', unlock, { capture: true });
  document.addEventListener('keydown', onKey);
  elements.play.addEventListener('click', onClick);
  elements.play.disabled = false;
  return () => {
    document.removeEventListener('pointerdown', unlock, { capture: true });
    document.removeEventListener('keydown', unlock, { capture: true });
    document.removeEventListener('keydown', onKey);
    elements.play.removeEventListener('click', onClick);
    stopListening();
  };
}
