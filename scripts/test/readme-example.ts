/**
 * The check every package's README example goes through: the README shows the
 * file `test/readme-example.ts` word for word, and running that file prints
 * what the example's comments say. Packages import this from their tests.
 */
import { readFileSync } from 'node:fs';
import { vi } from 'vitest';

/** A package's README example, read from `<package>/README.md` and `<package>/test/readme-example.ts`. */
export interface ReadmeExample {
  readonly readme: string;
  readonly example: string;
  /** Whether the README holds the example word for word in a ```ts block. */
  readonly shownVerbatim: boolean;
  /** Runs the example and returns the arguments of each `console.log` call it made. */
  run(): Promise<unknown[][]>;
}

/**
 * Loads the README example of the package whose `test/` folder is `testFolder`.
 *
 * @example
 * ```ts
 * const example = readmeExample(new URL('.', import.meta.url));
 * expect(example.shownVerbatim).toBe(true);
 * expect(await example.run()).toEqual([['P1 s1 v1 m1: C4=1\n']]);
 * ```
 */
export function readmeExample(testFolder: URL): ReadmeExample {
  const readme = readFileSync(new URL('../README.md', testFolder), 'utf8');
  const exampleUrl = new URL('./readme-example.ts', testFolder);
  const example = readFileSync(exampleUrl, 'utf8');
  return {
    readme,
    example,
    shownVerbatim: readme.includes(`\`\`\`ts\n${example}\`\`\``),
    async run() {
      const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
      try {
        await import(exampleUrl.href);
        return log.mock.calls.map((call) => [...call]);
      } finally {
        log.mockRestore();
      }
    },
  };
}
