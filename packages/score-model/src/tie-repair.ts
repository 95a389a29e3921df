/**
 * Repairing ties that no longer land: when what follows a unit changes, each
 * tie out of its voices' last sounding events that the new next events do not
 * hold is removed and reported.
 */
import { formatPitch } from '@scorelane/lanes-seq';
import type { TieRepair } from './plan-types.ts';
import type { ScoreEvent, UnitContent, VoiceContent } from './score-types.ts';
import { holdsPitch, lastSounding, tiedPitches, withoutTie } from './ties.ts';

/**
 * The content of unit (part, staff, measure) with every tie out of it that
 * does not land on `nextFirst(voice)` removed, and the repairs made;
 * `undefined` when every tie still lands.
 *
 * `landing` says where the ties go (`m4`) and `why` why they no longer land, for the messages.
 */
export function repairTiesOut(
  part: number,
  staff: number,
  measure: number,
  content: UnitContent,
  nextFirst: (voice: number) => ScoreEvent | undefined,
  landing: string,
  why: (voice: number) => string,
): { content: UnitContent; repairs: TieRepair[] } | undefined {
  const repairs: TieRepair[] = [];
  const voices = content.voices.map((voice): VoiceContent => {
    const lastIndex = lastSounding(voice.events);
    const last = voice.events[lastIndex];
    if (!last) return voice;
    const first = nextFirst(voice.voice);
    let event = last;
    for (const pitch of tiedPitches(last)) {
      if (holdsPitch(first, pitch)) continue;
      const lane = `P${part} s${staff} v${voice.voice} m${measure}`;
      const name = formatPitch(pitch);
      repairs.push({
        lane,
        pitch: name,
        message: `${lane} tied ${name} into ${landing}, ${why(voice.voice)} ${name}; the tie was removed.`,
      });
      event = withoutTie(event, pitch);
    }
    if (event === last) return voice;
    const events = [...voice.events];
    events[lastIndex] = event;
    return { voice: voice.voice, events };
  });
  if (repairs.length === 0) return undefined;
  return {
    content:
      content.attachments !== undefined ? { voices, attachments: content.attachments } : { voices },
    repairs,
  };
}
