/**
 * The vitest settings every package shares: tests run against the TypeScript
 * sources of sibling packages (never their build output), so `npm test` needs
 * no build first.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

const repoRoot = dirname(fileURLToPath(import.meta.url));
/** `@scorelane/<name>` -> `<folder>/<name>/src/index.ts`, for every package and example app in the repo. */
function sourceAliases(): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const folder of ['packages', 'examples']) {
    const dir = join(repoRoot, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      aliases[`@scorelane/${name}`] = join(dir, name, 'src', 'index.ts');
    }
  }
  return aliases;
}

/** Builds a package's vitest config; `overrides.test` is merged over the shared test settings. */
export function packageTestConfig(overrides: ViteUserConfig = {}): ViteUserConfig {
  return defineConfig({
    ...overrides,
    resolve: { alias: sourceAliases(), ...overrides.resolve },
    test: {
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // Tests assert behaviour, never speed: property tests and real-file suites
      // take seconds on a shared two-core machine running several packages at
      // once, so the timeout only catches a test that hangs.
      testTimeout: 180_000,
      hookTimeout: 180_000,
      // In CI every package also writes its results, which scripts/test-summary.mjs adds up.
      ...(process.env.CI
        ? { reporters: ['default', 'json'], outputFile: { json: 'test-results.json' } }
        : {}),
      exclude: ['**/node_modules/**', '**/dist/**', 'test/browser/**'],
      ...overrides.test,
    },
  });
}
