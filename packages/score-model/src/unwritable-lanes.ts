/**
 * Lanes that a read can show but a rewrite could not take back as they are:
 * what a MusicXML file may hold and lanes-seq has no way to write, such as a
 * chord with the same pitch twice (a unison on two strings of a tab staff).
 * The read says so in a `%` line, so an agent leaves them alone instead of
 * meeting a refusal for text it did not change.
 */
import { parse } from '@scorelane/lanes-seq';

const LANE_KEY = /^(P\d+ s\d+ v\d+ m)(\d+)/;

/**
 * The lane of a serialized line at a 1-based column: the line's first lane,
 * or a later measure of it past each ` | ` before the column (SPEC.md
 * section 17).
 */
function laneAt(line: string, column: number): string | undefined {
  const match = LANE_KEY.exec(line);
  if (match === null) return undefined;
  const before = Array.from(line)
    .slice(0, column - 1)
    .join('');
  const bars = before.split(' | ').length - 1;
  return `${match[1]}${Number(match[2]) + bars}`;
}

/**
 * The `%` lines naming each lane of `text` (a serialized document, one
 * voice's measures a line, ` | ` between them) that does not parse back, with why; none when
 * all do.
 *
 * @example
 * ```ts
 * unwritableLaneLines(serialize(document));
 * // ['% not writable as read: P4 s1 v1 m1: The pitch A2 appears twice in one chord. ...']
 * ```
 */
export function unwritableLaneLines(text: string): string[] {
  const parsed = parse(text);
  if (parsed.ok) return [];
  const lines = text.split('\n');
  const reasons = new Map<string, string[]>();
  for (const issue of parsed.issues) {
    const key = laneAt(lines[issue.line - 1] ?? '', issue.column);
    if (key === undefined) continue;
    reasons.set(key, [...(reasons.get(key) ?? []), issue.message]);
  }
  return [...reasons].map(([key, messages]) => {
    const unit = key.replace(/ v\d+/, '');
    return `% not writable as read: ${key}: ${messages.join(' ')} To keep it as it is, leave every lane of ${unit} out of a rewrite.`;
  });
}
