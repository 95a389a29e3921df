import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { installedManifest } from './packed-project.ts';

const packed = inject('packed');
const REPOSITORY = 'https://github.com/scorelane/scorelane';
/** Scripts npm runs on a consumer's machine when it installs a package: none may ship. */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

describe.each(packed.packages)('$name as published', (entry) => {
  const installed = join(packed.dir, 'node_modules', entry.name);

  it('says where it comes from, how to report a bug, and what it is about', async () => {
    const manifest = await installedManifest(packed.dir, entry.name);
    expect(manifest.repository).toEqual({
      type: 'git',
      url: `git+${REPOSITORY}.git`,
      directory: `packages/${entry.folder}`,
    });
    expect(manifest.homepage).toBe(`${REPOSITORY}/tree/main/packages/${entry.folder}#readme`);
    expect(manifest.bugs).toEqual({ url: `${REPOSITORY}/issues` });
    expect((manifest.keywords as string[]).length).toBeGreaterThan(2);
    expect(manifest.license).toBe('MIT');
  });

  it('is public, built, and ships its README, LICENSE and CHANGELOG', async () => {
    const manifest = await installedManifest(packed.dir, entry.name);
    expect(manifest.publishConfig).toEqual({ access: 'public' });
    expect(manifest.files).toContain('CHANGELOG.md');
    expect(entry.files).toEqual(
      expect.arrayContaining([
        'README.md',
        'LICENSE',
        'package.json',
        'dist/index.js',
        'dist/index.d.ts',
      ]),
    );
  });

  it('is ESM with a default condition, so require(esm) finds it too', async () => {
    const manifest = await installedManifest(packed.dir, entry.name);
    expect(manifest.type).toBe('module');
    expect((manifest.exports as Record<string, unknown>)['.']).toEqual({
      types: './dist/index.d.ts',
      default: './dist/index.js',
    });
    expect(manifest.engines).toEqual({ node: '>=20.19' });
  });

  it('runs no script on the machine that installs it', async () => {
    const manifest = await installedManifest(packed.dir, entry.name);
    const scripts = Object.keys((manifest.scripts as Record<string, string>) ?? {});
    expect(scripts.filter((name) => INSTALL_SCRIPTS.includes(name))).toEqual([]);
  });

  it('has a README whose links work on the registry’s page (absolute), saying ESM first', async () => {
    const readme = await readFile(join(installed, 'README.md'), 'utf8');
    const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
    expect(links.filter((link) => !/^(https:\/\/|#)/.test(link))).toEqual([]);
    expect(readme).toMatch(/is ESM[\s\S]{0,200}require\(esm\)/);
  });
});
