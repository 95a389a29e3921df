/**
 * The built-in example score, shipped with the package.
 */
import { fileURLToPath } from 'node:url';

/**
 * The path of the built-in example: "Ode to Joy" (Beethoven, 1824; public
 * domain) for violin and piano, the theme in D major and then in E major,
 * with two voices on the piano's upper staff.
 *
 * @example
 * ```ts
 * await readFile(exampleScorePath(), 'utf8'); // "%% title: Ode to Joy ..."
 * ```
 */
export function exampleScorePath(): string {
  return fileURLToPath(new URL('../examples/ode-to-joy.lanes', import.meta.url));
}
