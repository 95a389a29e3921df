/**
 * The page's player (score-tools' `ScorePlayer`): the score's notes through
 * Web Audio with Tone.js, a synthesizer built in code, so no sound file is
 * fetched. The person's Play button and an agent's `play` tool drive this one
 * player. Browsers start audio only after a user gesture: `unlock` creates or
 * resumes the AudioContext inside one, and `play` refuses
 * (`needs-gesture`) while the page has had none.
 */
import type { Score } from '@scorelane/score-model';
import { scoreContent } from '@scorelane/score-model';
import type { PlayOutcome, PlayRequest, ScorePlayer } from '@scorelane/score-tools';
import {
  measureAtTime,
  type PlaybackSchedule,
  playbackSchedule,
  quarterAtTime,
  type ScheduledNote,
} from './playback-schedule.ts';
import { scoreTempo } from './score-tempo.ts';

type Tone = typeof import('tone');

/** Where playback is: the range playing, the measure sounding and the moment (quarter notes from the score's start); all `null` when stopped. */
export interface PlaybackState {
  readonly playing: PlayRequest | null;
  readonly measure: number | null;
  readonly quarter: number | null;
}

/** The page's player: a `ScorePlayer`, unlocked by a gesture, telling its listeners where it is. */
export interface WebAudioPlayer extends ScorePlayer {
  /** Creates or resumes the AudioContext: call it from a click or key press. */
  unlock(): void;
  /** Where playback is now. */
  state(): PlaybackState;
  /** Calls `listener` when playback starts or stops, and at every animation frame while it plays; returns the unsubscribe. */
  subscribe(listener: (state: PlaybackState) => void): () => void;
}

/** Options for {@link createWebAudioPlayer}. */
export interface WebAudioPlayerOptions {
  readonly score: Score;
  /** Whether the page has had a user gesture; by default `navigator.userActivation.hasBeenActive`. */
  readonly hasUserActivation?: () => boolean;
}

/** The loudness of every note, 0-1: several parts at once stay clear of clipping. */
const VELOCITY = 0.5;

/** What is playing: the Tone objects to dispose of, and the frame loop that moves the play head. */
interface Session {
  readonly request: PlayRequest;
  readonly schedule: PlaybackSchedule;
  readonly dispose: () => void;
  frame: number;
}

const NEEDS_GESTURE: PlayOutcome = {
  ok: false,
  reason: 'needs-gesture',
  message: 'This page has had no click or key press yet, and browsers start sound only after one.',
};

function pageHasUserActivation(): boolean {
  return navigator.userActivation?.hasBeenActive ?? true;
}

/** Tone.js, loaded on first use: importing it creates its AudioContext, which waits for a gesture. */
function toneLoader(): () => Promise<Tone> {
  let loading: Promise<Tone> | undefined;
  return () => {
    loading ??= import('tone');
    return loading;
  };
}

/** Schedules `schedule` on Tone's transport from its start; returns what stops and frees it. */
function startSound(tone: Tone, schedule: PlaybackSchedule, onEnd: () => void): () => void {
  const transport = tone.getTransport();
  transport.stop();
  transport.cancel();
  transport.position = 0;
  const synth = new tone.PolySynth(tone.Synth, {
    oscillator: { type: 'triangle' },
    envelope: { attack: 0.01, decay: 0.1, sustain: 0.6, release: 0.2 },
  }).toDestination();
  synth.maxPolyphony = 64;
  const part = new tone.Part<ScheduledNote>(
    (time, note) => {
      const frequency = tone.Frequency(note.midi, 'midi').toFrequency();
      synth.triggerAttackRelease(frequency, note.duration, time, VELOCITY);
    },
    // Each note's `time` (seconds from the start) is when the part plays it.
    [...schedule.notes],
  ).start(0);
  transport.scheduleOnce((time) => tone.getDraw().schedule(onEnd, time), schedule.duration);
  transport.start();
  return () => {
    transport.stop();
    transport.cancel();
    part.dispose();
    synth.releaseAll();
    // Let the last release fade out before the voices go.
    setTimeout(() => synth.dispose(), 500);
  };
}

/**
 * Creates the page's player over `score`. Nothing is loaded or created until
 * the first gesture (`unlock`) or `play`.
 *
 * @example
 * ```ts
 * const player = createWebAudioPlayer({ score });
 * document.addEventListener('pointerdown', () => player.unlock(), { capture: true });
 * const tools = createScoreTools({ score, undo, player });
 * ```
 */
export function createWebAudioPlayer(options: WebAudioPlayerOptions): WebAudioPlayer {
  const hasUserActivation = options.hasUserActivation ?? pageHasUserActivation;
  const loadTone = toneLoader();
  const listeners = new Set<(state: PlaybackState) => void>();
  let current: Session | null = null;
  let measure: number | null = null;
  let quarter: number | null = null;

  const state = (): PlaybackState => ({ playing: current?.request ?? null, measure, quarter });
  const tell = () => {
    const now = state();
    for (const listener of listeners) listener(now);
  };
  const stopSession = () => {
    if (current === null) return;
    cancelAnimationFrame(current.frame);
    current.dispose();
    current = null;
    measure = null;
    quarter = null;
    tell();
  };
  const follow = (tone: Tone, session: Session) => {
    const step = () => {
      if (current !== session) return;
      const elapsed = tone.getTransport().seconds;
      const at = measureAtTime(session.schedule, elapsed);
      // Outside the range (the moment before the start, the last release after the end) nothing is sounding.
      measure = at ?? measure;
      quarter = at === null ? null : quarterAtTime(session.schedule, elapsed);
      tell();
      session.frame = requestAnimationFrame(step);
    };
    session.frame = requestAnimationFrame(step);
  };

  return {
    unlock: () => {
      void loadTone().then((tone) => tone.start());
    },
    play: async (request) => {
      if (!hasUserActivation()) return NEEDS_GESTURE;
      const tone = await loadTone();
      await tone.start();
      if (tone.getContext().state !== 'running') {
        return {
          ok: false,
          reason: 'failed',
          message: `The browser kept audio ${tone.getContext().state}; click the page and try again.`,
        };
      }
      stopSession();
      const content = scoreContent(options.score);
      const schedule = playbackSchedule(content, request, scoreTempo(content));
      const session: Session = {
        request,
        schedule,
        frame: 0,
        dispose: startSound(tone, schedule, () => {
          if (current === session) stopSession();
        }),
      };
      current = session;
      measure = schedule.measures[0]?.measure ?? null;
      quarter = schedule.startQuarter;
      tell();
      follow(tone, session);
      return { ok: true };
    },
    stop: () => {
      stopSession();
      return { ok: true };
    },
    state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
