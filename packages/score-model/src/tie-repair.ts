/**
 * Repairing ties that no longer land: when what follows a unit changes, each
 * tie out of its voices' last sounding events that the new next events do not
 * hold is removed and reported.
 */
import { formatPitch } from '@scorelane/lanes-seq';
import type { TieRepair } from './plan-types.ts';
import type { ScoreEvent, UnitContent, VoiceContent } from './score-types.ts';
import { holdsPitch, landingEvent, tiedPitches, tiesLeaving, withoutTie } from './ties.ts';
import { withUnitFields } from './unit-fields.ts';

/**
 * The content of unit (part, staff, measure) with every tie out of it that
 * does not land in `nextEvents(voice)` (the same voice's events in the next measure) removed, and the repairs made;
 * `undefined` when every tie still lands.
 *
 * `landing` says where the ties go (`m4`) and `why` why they no longer land, for the messages.
 */
export function repairTiesOut(
  part: number,
  staff: number,
  measure: number,
  content: UnitContent,
  nextEvents: (voice: number) => readonly ScoreEvent[],
  landing: string,
  why: (voice: number) => string,
): { content: UnitContent; repairs: TieRepair[] } | undefined {
  const repairs: TieRepair[] = [];
  const voices = content.voices.map((voice): VoiceContent => {
    const next = nextEvents(voice.voice);
    let events: ScoreEvent[] | undefined;
    for (const index of tiesLeaving(voice.events)) {
      const tied = voice.events[index]!;
      const first = landingEvent(tied, next);
      let event = tied;
      for (const pitch of tiedPitches(tied)) {
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
      if (event === tied) continue;
      events ??= [...voice.events];
      events[index] = event;
    }
    return events ? { voice: voice.voice, events } : voice;
  });
  if (repairs.length === 0) return undefined;
  return {
    content: withUnitFields({ voices }, content),
    repairs,
  };
}
