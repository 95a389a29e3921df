/**
 * Settling the ties of an imported score, so the model's ties and the kept
 * `<tied>` elements agree. A tie in the model is one that lands, as lanes-seq
 * defines ties: the next sounding event of the voice (across the barline
 * too) holds the pitch. The model owns `<tie>`: a `<tie>` that starts a tie
 * that does not land, or ends one that no tie reaches, is removed with a
 * warning `unfinished-tie`. The drawn `<tied>` of such an unfinished tie is
 * kept on the note, and marked (`loose` in the event's attachment) so that
 * export writes it back; any other kept `<tied>` is written only while the
 * model still ties there.
 */
import { formatPitch, type Pitch, samePitch } from '@scorelane/lanes-seq';
import type { ScoreEvent, UnitInit, VoiceContent } from '@scorelane/score-model';
import { type EventKeep, eventKeep, KEEP_KEY } from './attachment-types.ts';
import { type MusicXmlProblem, placeLabel } from './problem.ts';
import { childElements, isElement, withChildren, type XmlElement } from './xml-tree.ts';

function pitchesOf(event: ScoreEvent): Pitch[] {
  if (event.kind === 'note') return [event.pitch];
  if (event.kind === 'chord') return event.notes.map((note) => note.pitch);
  return [];
}

function holds(event: ScoreEvent | undefined, pitch: Pitch): boolean {
  return event !== undefined && pitchesOf(event).some((held) => samePitch(held, pitch));
}

function tiesOnward(event: ScoreEvent): boolean[] {
  if (event.kind === 'note') return [event.tie];
  if (event.kind === 'chord') return event.notes.map((note) => event.tie || note.tie);
  return [];
}

/** The pitches of an event that are tied onward (none for a rest). */
function tiedOnward(event: ScoreEvent): Pitch[] {
  if (event.kind === 'note') return event.tie ? [event.pitch] : [];
  if (event.kind === 'chord')
    return event.notes.filter((note) => event.tie || note.tie).map((note) => note.pitch);
  return [];
}

function withTies(event: ScoreEvent, ties: readonly boolean[]): ScoreEvent {
  if (event.kind === 'note') return { ...event, tie: ties[0] ?? false };
  if (event.kind === 'chord')
    return {
      ...event,
      tie: false,
      notes: event.notes.map((note, index) => ({ pitch: note.pitch, tie: ties[index] ?? false })),
    };
  return event;
}

function tiedTypes(note: XmlElement): Set<string> {
  const types = new Set<string>();
  for (const notations of childElements(note, 'notations'))
    for (const tied of childElements(notations, 'tied')) {
      const type = tied.a?.type;
      if (type === 'continue') {
        types.add('start');
        types.add('stop');
      } else if (type === 'start' || type === 'stop') types.add(type);
    }
  return types;
}

function withoutTieElements(note: XmlElement): XmlElement {
  if (!childElements(note, 'tie').length) return note;
  return withChildren(
    note,
    (note.c ?? []).filter((node) => !(isElement(node) && node.n === 'tie')),
  );
}

/** Whether a kept note holds a `<tie>`, or a `<tied>` in its `<notations>`. */
function hasTieElements(note: XmlElement): boolean {
  for (const node of note.c ?? []) {
    if (!isElement(node)) continue;
    if (node.n === 'tie') return true;
    if (node.n === 'notations' && node.c?.some((inner) => isElement(inner) && inner.n === 'tied'))
      return true;
  }
  return false;
}

type Lanes = Map<string, VoiceContent[]>;

/**
 * The units with every tie settled; warnings for each unfinished tie.
 *
 * @example
 * ```ts
 * const settled = settleTies(units, warnings); // a C4 tied into a D4 is no longer tied
 * ```
 */
export function settleTies(units: readonly UnitInit[], warnings: MusicXmlProblem[]): UnitInit[] {
  const byKey = new Map<string, UnitInit>();
  for (const unit of units) byKey.set(`${unit.part}/${unit.staff}/${unit.measure}`, unit);
  // Voices of each unit, as mutable event lists.
  const voices: Lanes = new Map();
  for (const unit of units)
    voices.set(
      `${unit.part}/${unit.staff}/${unit.measure}`,
      unit.content.voices.map((voice) => ({ voice: voice.voice, events: [...voice.events] })),
    );
  const eventsOf = (part: number, staff: number, measure: number, voice: number) =>
    voices.get(`${part}/${staff}/${measure}`)?.find((lane) => lane.voice === voice)?.events as
      | ScoreEvent[]
      | undefined;
  const sounding = (events: readonly ScoreEvent[] | undefined, from: number, step: 1 | -1) => {
    if (!events) return undefined;
    for (let index = from; index >= 0 && index < events.length; index += step)
      if (!events[index]!.grace) return events[index];
    return undefined;
  };
  const warn = (unit: UnitInit, text: string) =>
    warnings.push({
      code: 'unfinished-tie',
      part: unit.part,
      measure: unit.measure,
      message: `${placeLabel(unit.part, unit.measure)}${text}`,
    });

  // First the model's ties: only those that land.
  const unfinishedStarts = new Map<ScoreEvent, Set<number>>();
  for (const unit of units) {
    for (const voice of voices.get(`${unit.part}/${unit.staff}/${unit.measure}`) ?? []) {
      voice.events.forEach((event, index) => {
        const ties = tiesOnward(event);
        if (!ties.some(Boolean)) return;
        const next =
          sounding(voice.events, index + 1, 1) ??
          sounding(eventsOf(unit.part, unit.staff, unit.measure + 1, voice.voice), 0, 1);
        const pitches = pitchesOf(event);
        const lost = new Set<number>();
        const settled = ties.map((tie, note) => {
          if (!tie || holds(next, pitches[note]!)) return tie;
          lost.add(note);
          return false;
        });
        if (lost.size === 0) return;
        const changed = withTies(event, settled);
        (voice.events as ScoreEvent[])[index] = changed;
        unfinishedStarts.set(changed, lost);
      });
    }
  }

  // Then the kept notes: <tie> is the model's, the <tied> of an unfinished tie is marked loose.
  const result: UnitInit[] = [];
  for (const unit of units) {
    const lanes = voices.get(`${unit.part}/${unit.staff}/${unit.measure}`) ?? [];
    const settledVoices = lanes.map((voice): VoiceContent => {
      let tiedIn: Pitch[] = [];
      const previous = eventsOf(unit.part, unit.staff, unit.measure - 1, voice.voice);
      const before = previous ? sounding(previous, previous.length - 1, -1) : undefined;
      if (before) tiedIn = tiedOnward(before);
      const events = voice.events.map((event) => {
        const held = eventKeep(event);
        const incoming = event.grace ? [] : tiedIn;
        if (!event.grace) tiedIn = tiedOnward(event);
        if (!held || event.kind === 'rest' || event.kind === 'space') return event;
        // Most notes have no <tie> or <tied>: nothing to remove or mark loose.
        if (!held.notes.some(hasTieElements)) return event;
        const pitches = pitchesOf(event);
        const lostStarts = unfinishedStarts.get(event) ?? new Set<number>();
        const removed: string[] = [];
        let anyLoose = false;
        const loose = held.notes.map((note, index) => {
          const pitch = pitches[index];
          const types: string[] = [];
          const ties = new Set(childElements(note, 'tie').map((tie) => tie.a?.type ?? ''));
          const tied = tiedTypes(note);
          if (lostStarts.has(index)) {
            if (tied.has('start')) types.push('start');
            if (ties.has('start') && pitch)
              removed.push(`a <tie type="start"/> on ${formatPitch(pitch)}`);
          }
          const reached = pitch !== undefined && incoming.some((other) => samePitch(other, pitch));
          if (!reached && pitch !== undefined) {
            if (tied.has('stop')) types.push('stop');
            if (ties.has('stop')) removed.push(`a <tie type="stop"/> on ${formatPitch(pitch)}`);
          }
          if (types.length > 0) anyLoose = true;
          return types;
        });
        if (removed.length > 0)
          warn(
            unit,
            `${removed.join(' and ')} in voice ${voice.voice} ${removed.length > 1 ? 'tie' : 'ties'} nothing (no note before or after holds the pitch), so ${removed.length > 1 ? 'they were' : 'it was'} removed; a drawn <tied> on the note is kept as it was. Give the tie its matching note, or remove it.`,
          );
        const notes = held.notes.map(withoutTieElements);
        const changed = anyLoose || notes.some((note, index) => note !== held.notes[index]);
        if (!changed) return event;
        const kept: EventKeep = anyLoose ? { ...held, notes, loose } : { ...held, notes };
        return { ...event, attachments: { [KEEP_KEY]: kept } } as unknown as ScoreEvent;
      });
      return { voice: voice.voice, events };
    });
    result.push({ ...unit, content: { ...unit.content, voices: settledVoices } });
  }
  return result;
}
