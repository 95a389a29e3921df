/**
 * Line ends that stay alone. A file may leave a line end without its other
 * end as MusicXML pairs them (by kind and `number`, in the part's order): a
 * start followed by another start of its number before any stop (Chopin's
 * first Ballade draws its pedals as signs on both staves, all number 1), a
 * stop while no start of its number is open. Import keeps such an end as
 * the file had it. But what left it alone were the ends of its number
 * around it, and the model's lines are written with numbers of their own:
 * in the export, two lone ends of one number with nothing of that number
 * left between them would pair, and the next import would read a line the
 * file never drew. So a lone end is written with a number kept for lone
 * ends, one for starts and one for stops, that no other line of its kind
 * in the export uses: a start of the one is never stopped, a stop of the
 * other never started, on any import of the export. Import numbers lone
 * pedal ends so (`read-directions.ts`); hairpins and octave lines are
 * numbered by `line-numbers.ts`.
 */

/** One line end in the part's order: its kind, type and number. */
export interface OrderedLineEnd {
  readonly kind: string;
  readonly type: 'start' | 'stop' | 'change';
  readonly number: string;
}

/**
 * The indexes (in `ends`) of the line ends no other end pairs with, as
 * import pairs them: by kind and number, a stop closing the open start of
 * its number, a second start leaving the first alone. A `change` (a pedal
 * lifted and put down again) stops one line and starts the next; it is
 * never counted alone.
 *
 * @example
 * ```ts
 * loneLineEnds([start1, start1, stop1]); // Set { 0 }: the second start pairs with the stop
 * ```
 */
export function loneLineEnds(ends: readonly OrderedLineEnd[]): Set<number> {
  const lone = new Set<number>();
  const open = new Map<string, number>();
  ends.forEach((end, index) => {
    const key = `${end.kind}/${end.number}`;
    const waiting = open.get(key);
    if (end.type === 'stop' || end.type === 'change') {
      if (waiting === undefined && end.type === 'stop') lone.add(index);
      open.delete(key);
    }
    if (end.type === 'start' || end.type === 'change') {
      if (waiting !== undefined && end.type === 'start' && ends[waiting]!.type === 'start')
        lone.add(waiting);
      open.set(key, index);
    }
  });
  for (const index of open.values()) if (ends[index]!.type === 'start') lone.add(index);
  return lone;
}

/** MusicXML's `number-level`: 1 to 16. */
const MOST_NUMBERS = 16;

/**
 * The numbers lone starts and lone stops of one kind are written with: the
 * two lowest that no line the export writes uses (`used`: the numbers of the
 * lines kept whole and of the model's lines), or `undefined` when fewer than
 * two are free.
 *
 * @example
 * ```ts
 * loneNumbers(new Set(['1', '9'])); // { start: '2', stop: '3' }
 * ```
 */
export function loneNumbers(
  used: ReadonlySet<string>,
): { readonly start: string; readonly stop: string } | undefined {
  const free: string[] = [];
  for (let number = 1; number <= MOST_NUMBERS && free.length < 2; number++)
    if (!used.has(String(number))) free.push(String(number));
  return free.length === 2 ? { start: free[0]!, stop: free[1]! } : undefined;
}
