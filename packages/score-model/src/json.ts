/**
 * Opaque JSON: what the model carries for others without reading it
 * (lyrics, dynamics, slurs, articulations, layout).
 */

/**
 * Any JSON value. Attachments are stored as they are given and handed back
 * unchanged; the model never looks inside them.
 *
 * @example
 * ```ts
 * const lyric: Json = { lyric: { syllabic: 'single', text: 'Joy' } };
 * ```
 */
export type Json =
  | null
  | boolean
  | number
  | string
  | readonly Json[]
  | { readonly [key: string]: Json };
