import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { runCommand } from './packed-project.ts';

const packed = inject('packed');

/** A script that loads every package both ways and prints, per package, the export names each way found. */
const LOADER = `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const names = JSON.parse(process.argv[2]);
const loaded = {};
for (const name of names) {
  const imported = Object.keys(await import(name)).sort();
  const required = Object.keys(require(name)).filter((key) => key !== 'module.exports' && key !== '__esModule').sort();
  loaded[name] = { imported, required };
}
console.log(JSON.stringify({ node: process.version, loaded }));
`;

describe('every package loads with import and with require', () => {
  it.each(packed.nodes)('under Node $version, with the same exports both ways', async (node) => {
    const script = join(packed.dir, 'load-both-ways.mjs');
    await writeFile(script, LOADER);
    const names = packed.packages.map((entry) => entry.name);
    const { stdout, stderr } = await runCommand(
      node.path,
      [script, JSON.stringify(names)],
      packed.dir,
    );
    const { loaded } = JSON.parse(stdout) as {
      loaded: Record<string, { imported: string[]; required: string[] }>;
    };
    expect(Object.keys(loaded)).toEqual(names);
    for (const name of names) {
      expect(loaded[name]?.imported.length, name).toBeGreaterThan(0);
      expect(loaded[name]?.required, name).toEqual(loaded[name]?.imported);
    }
    // require(esm) warns on some Node versions; the packages must not add warnings of their own.
    expect(stderr.replace(/.*ExperimentalWarning.*\n?|.*--trace-warnings.*\n?/g, '')).toBe('');
  });

  it.each(packed.nodes)('from a CommonJS file under Node $version', async (node) => {
    const script = join(packed.dir, 'require-all.cjs');
    await writeFile(
      script,
      `for (const name of JSON.parse(process.argv[2])) if (Object.keys(require(name)).length === 0) throw new Error(name);\nconsole.log('ok');\n`,
    );
    const names = JSON.stringify(packed.packages.map((entry) => entry.name));
    expect((await runCommand(node.path, [script, names], packed.dir)).stdout).toBe('ok\n');
  });
});
