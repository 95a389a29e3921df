/**
 * The check every package's README example goes through: the README shows the
 * file `test/readme-example.ts` (or `.mjs`) word for word, and running that
 * file prints what the example's comments say. Packages import this from their
 * tests. A JavaScript example stands in a ```js block (`npm run test:packed`
 * runs it as `example.mjs` against the packed packages), a TypeScript one in a
 * ```ts block (type-checked and run there with tsc and tsx).
 */
import { existsSync, readFileSync } from 'node:fs';
import { vi } from 'vitest';

/**
 * A package's README example, read from `<package>/README.md` and
 * `<package>/test/readme-example.mjs` (JavaScript that strict TypeScript would
 * refuse) or `<package>/test/readme-example.ts`.
 */
export interface ReadmeExample {
  readonly readme: string;
  readonly example: string;
  /** Whether the README holds the example word for word in a ```ts or ```js block. */
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
  const javascript = new URL('./readme-example.mjs', testFolder);
  const exampleUrl = existsSync(javascript)
    ? javascript
    : new URL('./readme-example.ts', testFolder);
  const example = readFileSync(exampleUrl, 'utf8');
  return {
    readme,
    example,
    shownVerbatim: ['ts', 'js'].some((language) =>
      readme.includes(`\`\`\`${language}\n${example}\`\`\``),
    ),
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
