/**
 * Header and context text on one line: a title or part name imported from
 * MusicXML may hold line breaks (a name printed on three lines), which a
 * `%%` header line or a `%` context line cannot.
 */

/**
 * `text` with every line break, and the spaces around it, made one space.
 *
 * @example
 * ```ts
 * oneLine('Long\r\nStaff\r\nName'); // 'Long Staff Name'
 * ```
 */
export function oneLine(text: string): string {
  return text.replace(/[ \t]*(?:\r\n|\r|\n)[ \t]*/g, ' ');
}
