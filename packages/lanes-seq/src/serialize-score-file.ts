/**
 * Writing a score file in canonical form.
 */
import { compare, formatRational } from './rational.ts';
import type { ScoreFile } from './score-header.ts';
import { serialize } from './serialize.ts';

function quoteName(name: string): string {
  return `"${name.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * Writes a score file in canonical form: the title, the parts in order, the
 * measure count when the header has one, then for each measure its time, key
 * and pickup, then the lanes as {@link serialize} writes them.
 * `parseScoreFile(serializeScoreFile(file))` gives `file` back.
 *
 * @throws TypeError when a title or part name holds a line break (it could
 *   not be read back).
 * @example
 * ```ts
 * serializeScoreFile({
 *   header: { title: 'Ode', parts: [{ name: 'Violin', staves: 1, clefs: ['treble'] }],
 *     times: [{ measure: 1, beats: 4, beatType: 4 }],
 *     keys: [{ measure: 1, tonic: { step: 'C', alter: 0 }, mode: 'major', fifths: 0 }], pickups: [] },
 *   document: { lanes: [] },
 * });
 * // '%% title: Ode\n%% part P1 name="Violin" staves=1 clefs=treble\n%% time m1 4/4\n%% key m1 C major\n'
 * ```
 */
export function serializeScoreFile(file: ScoreFile): string {
  const { header } = file;
  const lines: string[] = [];
  const noBreak = (value: string, what: string): string => {
    if (/[\r\n]/.test(value))
      throw new TypeError(`A ${what} cannot hold a line break: ${JSON.stringify(value)}.`);
    return value;
  };
  if (header.title !== undefined) {
    // Titles are read back trimmed, so they are written trimmed.
    const title = noBreak(header.title, 'title').trim();
    lines.push(title === '' ? '%% title:' : `%% title: ${title}`);
  }
  header.parts.forEach((part, index) => {
    lines.push(
      `%% part P${index + 1} name=${quoteName(noBreak(part.name, 'part name'))} staves=${part.staves} clefs=${part.clefs.join(',')}`,
    );
  });
  if (header.measures !== undefined) lines.push(`%% measures ${header.measures}`);
  const byMeasure = <T extends { readonly measure: number }>(changes: readonly T[]) =>
    new Map(changes.map((change) => [change.measure, change]));
  const times = byMeasure(header.times);
  const keys = byMeasure(header.keys);
  const pickups = byMeasure(header.pickups);
  const measures = new Set([...times.keys(), ...keys.keys(), ...pickups.keys()]);
  for (const measure of [...measures].sort((a, b) => a - b)) {
    const time = times.get(measure);
    const key = keys.get(measure);
    const pickup = pickups.get(measure);
    if (time) lines.push(`%% time m${measure} ${time.beats}/${time.beatType}`);
    if (key) {
      const accidental = key.tonic.alter === 1 ? '#' : key.tonic.alter === -1 ? 'b' : '';
      lines.push(`%% key m${measure} ${key.tonic.step}${accidental} ${key.mode}`);
    }
    if (pickup) lines.push(`%% pickup m${measure} ${formatRational(pickup.length)}`);
  }
  const clefChanges = [...(header.clefChanges ?? [])].sort(
    (a, b) =>
      a.measure - b.measure || a.part - b.part || a.staff - b.staff || compare(a.onset, b.onset),
  );
  for (const change of clefChanges) {
    const at = change.onset.num === 0 ? '' : ` @${formatRational(change.onset)}`;
    lines.push(`%% clef P${change.part} s${change.staff} m${change.measure}${at} ${change.clef}`);
  }
  return `${lines.map((line) => `${line}\n`).join('')}${serialize(file.document)}`;
}
