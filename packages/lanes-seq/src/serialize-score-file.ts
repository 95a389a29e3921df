/**
 * Writing a score file in canonical form.
 */
import { barlineDirectiveSigns } from './barline-directive.ts';
import { readPartExtras } from './part-extras.ts';
import { compare, formatRational } from './rational.ts';
import { SCORE_FILE_TEXTS, type ScoreFile } from './score-header.ts';
import { serialize } from './serialize.ts';

function quoteName(name: string): string {
  return `"${name.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * Writes a score file in canonical form: the texts (title, subtitle,
 * composer, lyricist, arranger, copyright), the parts in order, the
 * measure count when the header has one, then for each measure its time, key
 * and pickup, then the lanes as {@link serialize} writes them.
 * `parseScoreFile(serializeScoreFile(file))` gives `file` back.
 *
 * @throws TypeError when a text, part name or abbreviation holds a line break (it could
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
  for (const field of SCORE_FILE_TEXTS) {
    const value = header[field];
    if (value === undefined) continue;
    // Texts are read back trimmed, so they are written trimmed.
    const text = noBreak(value, field).trim();
    lines.push(text === '' ? `%% ${field}:` : `%% ${field}: ${text}`);
  }
  header.parts.forEach((part, index) => {
    const abbreviation = part.abbreviation?.trim()
      ? ` abbr=${quoteName(noBreak(part.abbreviation.trim(), 'part abbreviation'))}`
      : '';
    const program = part.program !== undefined ? ` program=${part.program}` : '';
    const transpose = part.transpose !== undefined ? ` transpose=${part.transpose}` : '';
    const extras = new Map<string, string>();
    if (part.program !== undefined) extras.set('program', String(part.program));
    if (part.transpose !== undefined) extras.set('transpose', part.transpose);
    // What could not be read back is not written.
    const unreadable = readPartExtras(extras, index + 1).problem;
    if (unreadable) throw new TypeError(unreadable.message);
    lines.push(
      `%% part P${index + 1} name=${quoteName(noBreak(part.name, 'part name'))}${abbreviation} staves=${part.staves} clefs=${part.clefs.join(',')}${program}${transpose}`,
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
  for (const barline of [...(header.barlines ?? [])].sort((a, b) => a.measure - b.measure)) {
    const signs = barlineDirectiveSigns(barline);
    if (signs !== '') lines.push(`%% barline m${barline.measure} ${signs}`);
  }
  return `${lines.map((line) => `${line}\n`).join('')}${serialize(file.document)}`;
}
