/**
 * What the host's importer warned about when it read the score (a MusicXML
 * file's overlapping voices, unfinished ties, ...), handed to the tools so
 * that `get_score_info` tells the agent, not only the host's log.
 */

/**
 * One warning of the import that made the score: its message, and the
 * measure (1-based, in score order) and part it is about when known.
 * `describeMusicXmlProblem`'s text and a `MusicXmlProblem`'s `measure` and
 * `part` fit it as they are.
 *
 * @example
 * ```ts
 * const warning: ImportWarning = { message: 'Part 1, measure 3: notes of one voice overlap ...', measure: 3, part: 1 };
 * ```
 */
export interface ImportWarning {
  readonly message: string;
  readonly measure?: number;
  readonly part?: number;
}

/**
 * The most import warnings `get_score_info` quotes; it gives the count of all.
 *
 * @example
 * ```ts
 * IMPORT_WARNINGS_SHOWN; // 5
 * ```
 */
export const IMPORT_WARNINGS_SHOWN = 5;

/**
 * The import warnings as `get_score_info` answers them: how many, and the
 * first {@link IMPORT_WARNINGS_SHOWN}, each with its measure when known;
 * `undefined` when there were none.
 *
 * @example
 * ```ts
 * importWarningsSummary([{ message: 'a tie ends nowhere', measure: 4 }]);
 * // { count: 1, first: [{ measure: 4, message: 'a tie ends nowhere' }] }
 * ```
 */
export function importWarningsSummary(warnings: readonly ImportWarning[]):
  | {
      readonly count: number;
      readonly first: readonly { readonly measure?: number; readonly message: string }[];
    }
  | undefined {
  if (warnings.length === 0) return undefined;
  return {
    count: warnings.length,
    first: warnings.slice(0, IMPORT_WARNINGS_SHOWN).map((warning) => ({
      ...(warning.measure === undefined ? {} : { measure: warning.measure }),
      message: warning.message,
    })),
  };
}
