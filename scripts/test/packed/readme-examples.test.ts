import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot, runCommand } from './packed-project.ts';

const packed = inject('packed');

/** A README's example: its first `js` or `ts` code block, and the README around it. */
interface ReadmeExample {
  readonly name: string;
  readonly readme: string;
  readonly language: 'js' | 'ts';
  readonly code: string;
}

const examples: ReadmeExample[] = await Promise.all(
  packed.packages
    .filter((entry) => entry.name !== '@scorelane/cli')
    .map(async (entry) => {
      const readme = await readFile(join(repoRoot, 'packages', entry.folder, 'README.md'), 'utf8');
      const block = /^```(js|ts)\n([\s\S]*?)^```$/m.exec(readme);
      if (!block) throw new Error(`${entry.name}: the README has no js or ts example`);
      return { name: entry.name, readme, language: block[1] as 'js' | 'ts', code: block[2]! };
    }),
);

/** The package each bare import of the code names (`@scope/name` or `name`), without `node:` built-ins. */
function importedPackages(code: string): string[] {
  const names = new Set<string>();
  for (const [, specifier] of code.matchAll(/^import\s[\s\S]*?from '([^']+)';$/gm)) {
    if (specifier!.startsWith('node:') || specifier!.startsWith('.')) continue;
    names.add(
      specifier!
        .split('/')
        .slice(0, specifier!.startsWith('@') ? 2 : 1)
        .join('/'),
    );
  }
  return [...names];
}

/** Every package named by an `npm install` line of the README. */
function installedByReadme(readme: string): Set<string> {
  const names = new Set<string>();
  for (const [, args] of readme.matchAll(/npm install ([^\n`#]*)/g)) {
    for (const word of args!.split(/\s+/))
      if (word !== '' && !word.startsWith('-')) names.add(word);
  }
  return names;
}

const file = (example: ReadmeExample) =>
  join(
    packed.dir,
    'readme-examples',
    `${example.name.replace('@scorelane/', '')}.${example.language === 'js' ? 'mjs' : 'mts'}`,
  );

/**
 * The optional polyfill, as the webmcp-bridge README has a page load it. In
 * Node, which has no `document`, the polyfill loads and runs and installs
 * nothing, and `ensureModelContext` says so; that it type-checks shows the
 * installed polyfill is what the bridge takes.
 */
const POLYFILL_CHECK = `import { ensureModelContext } from '@scorelane/webmcp-bridge';

const found = await ensureModelContext({ polyfill: () => import('@mcp-b/webmcp-polyfill') });
console.log(JSON.stringify(found));
`;
const polyfillCheck = join(packed.dir, 'readme-examples', 'polyfill-floor.mts');

beforeAll(async () => {
  await mkdir(join(packed.dir, 'readme-examples'), { recursive: true });
  for (const example of examples) await writeFile(file(example), example.code);
  await writeFile(polyfillCheck, POLYFILL_CHECK);
});

describe('each package README example, in a project with the oldest supported peers', () => {
  it.each(examples)('$name: says how to run it, and installs all it imports', (example) => {
    if (example.language === 'js') expect(example.readme).toContain('`example.mjs`');
    else expect(example.readme).toMatch(/TypeScript[\s\S]{0,200}`example\.mts`/);
    const installed = installedByReadme(example.readme);
    const needs = [
      ...importedPackages(example.code),
      ...(example.language === 'ts' ? ['typescript', 'tsx', '@types/node'] : []),
    ];
    expect(needs.filter((name) => !installed.has(name))).toEqual([]);
  });

  it('the TypeScript ones (and the polyfill check below) type-check with the command their README gives', async () => {
    const typescript = examples.filter((example) => example.language === 'ts');
    expect(typescript.length).toBeGreaterThan(0);
    // Each README says `npx tsc FLAGS example.mts`; one run with those flags checks them all.
    const commands = new Set(
      typescript.map((example) => /`npx tsc ([^`]+?)\s+example\.mts`/.exec(example.readme)?.[1]),
    );
    expect(commands.size).toBe(1);
    const [flags] = [...commands];
    expect(flags).toMatch(/--strict/);
    const files = [...typescript.map(file), polyfillCheck];
    await runCommand('npx', ['--no-install', 'tsc', ...flags!.split(/\s+/), ...files], packed.dir);
  });

  it.each(examples)(
    '$name: runs as written: exits 0, prints, and writes nothing to stderr',
    async (example) => {
      const [command, args] =
        example.language === 'js'
          ? [process.execPath, [file(example)]]
          : [join(packed.dir, 'node_modules', '.bin', 'tsx'), [file(example)]];
      const { stdout, stderr } = await runCommand(command, args, packed.dir);
      expect(stdout).not.toBe('');
      expect(stderr).toBe('');
    },
  );
});

describe('the optional @mcp-b/webmcp-polyfill at its floor', () => {
  it('loads through ensureModelContext, which says that Node gave it no document', async () => {
    expect(packed.floors['@mcp-b/webmcp-polyfill']).toBeDefined();
    const tsx = join(packed.dir, 'node_modules', '.bin', 'tsx');
    const { stdout } = await runCommand(tsx, [polyfillCheck], packed.dir);
    expect(JSON.parse(stdout)).toEqual({
      ok: false,
      reason: 'polyfill_failed',
      message: expect.stringContaining('it installed no document.modelContext'),
    });
  });
});
