/**
 * The error thrown when the undo package is used in a way its contract rules
 * out: calling a controller after `destroy()`, nesting `runAsStep`, passing an
 * origin the controller does not track, handing it an async function. These
 * are bugs in the caller, so they throw; an expected outcome such as "nothing
 * to undo" is a value instead (an `UndoResult`).
 */

/**
 * Thrown on misuse of an undo controller or an input-gesture binding. The
 * message starts with `@scorelane/undo:` and says what to do instead.
 *
 * @example
 * ```ts
 * try {
 *   controller.runAsStep({ actor: 'agent' }, async () => {});
 * } catch (error) {
 *   if (error instanceof UndoMisuseError) console.error(error.message);
 * }
 * ```
 */
export class UndoMisuseError extends Error {
  override readonly name = 'UndoMisuseError';

  constructor(message: string) {
    super(`@scorelane/undo: ${message}`);
  }
}
