/**
 * An XML element as an importer keeps it in attachments: a JSON tree of
 * `{ n, a?, c? }` (name, attributes, children). The synopsis reads such
 * trees without depending on the importer's package.
 */

/**
 * One kept element.
 *
 * @example
 * ```ts
 * const rehearsal: KeptElement = { n: 'rehearsal', c: ['A'] };
 * ```
 */
export interface KeptElement {
  readonly n: string;
  readonly a?: Readonly<Record<string, string>>;
  readonly c?: readonly unknown[];
}

/**
 * Whether `value` is a kept element (an object with a string `n`).
 *
 * @example
 * ```ts
 * isKeptElement({ n: 'barline', c: [] }); // true
 * ```
 */
export function isKeptElement(value: unknown): value is KeptElement {
  return (
    typeof value === 'object' && value !== null && typeof (value as { n?: unknown }).n === 'string'
  );
}
