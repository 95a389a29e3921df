/**
 * A developer's fresh project, made the way a developer makes one: outside the
 * repository, it first installs the host's own dependencies at the oldest
 * versions the packages' peer ranges allow, then the packed tarball of every
 * public package (built by their `prepack`), as `npm install` would from the
 * registry. The packaging tests run everything they check in it.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository this file stands in. */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** One public package as it was packed. */
export interface PackedPackage {
  readonly name: string;
  readonly version: string;
  /** Its folder in the repository, `packages/<folder>`. */
  readonly folder: string;
  /** The tarball `npm pack` wrote. */
  readonly tarball: string;
  /** Every path in the tarball, relative to the package (`dist/index.js`, ...). */
  readonly files: readonly string[];
}

/** The project, and what the tests need to know of it. */
export interface PackedProject {
  /** The project's folder (its `node_modules` holds the installed packages). */
  readonly dir: string;
  readonly packages: readonly PackedPackage[];
  /** Each peer dependency and the version installed for it: its range's floor. */
  readonly floors: Readonly<Record<string, string>>;
  /** The Node binaries to check `import` and `require` with, and the version each is. */
  readonly nodes: readonly { readonly path: string; readonly version: string }[];
}

/** What a finished command printed. */
export interface CommandOutput {
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a command to its end and returns what it printed.
 *
 * @throws Error with the command line, its exit code and both streams, when it fails.
 * @example
 * ```ts
 * const { stdout } = await runCommand('npm', ['--version'], repoRoot);
 * ```
 */
export function runCommand(
  command: string,
  args: readonly string[],
  cwd: string,
): Promise<CommandOutput> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd, env: cleanEnvironment(), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          const line = [command, ...args].join(' ');
          reject(
            new Error(`${line} failed (${String(error.code)})\n${stdout}\n${stderr}`.trimEnd()),
          );
        } else resolve({ stdout, stderr });
      },
    );
  });
}

/** This process's environment without what `npm run` adds about the repository's own package. */
function cleanEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_package_|npm_lifecycle_|npm_config_workspace|npm_command$|INIT_CWD$)/.test(key))
      continue;
    env[key] = value;
  }
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false' };
}

/** Every package of `packages/` that is not private, with its manifest. */
async function publicPackages(): Promise<{ folder: string; name: string; version: string }[]> {
  const found = [];
  for (const folder of (await readdir(join(repoRoot, 'packages'))).sort()) {
    const manifest = JSON.parse(
      await readFile(join(repoRoot, 'packages', folder, 'package.json'), 'utf8'),
    ) as { name: string; version: string; private?: boolean };
    if (manifest.private !== true)
      found.push({ folder, name: manifest.name, version: manifest.version });
  }
  return found;
}

/**
 * Packs every public package into `destination` with `npm pack`, which runs
 * each package's `prepack` (the build) first.
 *
 * @example
 * ```ts
 * const packed = await packPublicPackages(await mkdtemp(join(tmpdir(), 'packs-')));
 * ```
 */
export async function packPublicPackages(destination: string): Promise<PackedPackage[]> {
  const packages = await publicPackages();
  const workspaces = packages.flatMap((entry) => ['-w', entry.name]);
  const { stdout } = await runCommand(
    'npm',
    ['pack', ...workspaces, '--pack-destination', destination, '--json', '--loglevel=error'],
    repoRoot,
  );
  const packs = JSON.parse(stdout.slice(stdout.indexOf('['))) as {
    name: string;
    filename: string;
    files: { path: string }[];
  }[];
  return packages.map((entry) => {
    const pack = packs.find((candidate) => candidate.name === entry.name);
    if (!pack) throw new Error(`npm pack wrote no tarball for ${entry.name}`);
    return {
      ...entry,
      tarball: join(destination, pack.filename),
      files: pack.files.map((file) => file.path),
    };
  });
}

/** The version the repository itself installed of a package (so the npm cache already holds it). */
async function repositoryVersion(name: string): Promise<string> {
  const manifest = JSON.parse(
    await readFile(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

/**
 * The lowest version each peer range admits, the same for every package that
 * names the peer (`^13.6.24` gives `13.6.24`).
 *
 * @throws Error when two packages give one peer different ranges, or a range is not `^x.y.z`.
 */
export function peerFloors(manifests: readonly PackageManifest[]): Record<string, string> {
  const ranges = new Map<string, string>();
  for (const manifest of manifests) {
    for (const [peer, range] of Object.entries(manifest.peerDependencies ?? {})) {
      const known = ranges.get(peer);
      if (known !== undefined && known !== range)
        throw new Error(`${manifest.name} takes ${peer} ${range}, another package ${known}`);
      ranges.set(peer, range);
    }
  }
  const floors: Record<string, string> = {};
  for (const [peer, range] of ranges) {
    const floor = /^\^(\d+\.\d+\.\d+)$/.exec(range)?.[1];
    if (floor === undefined) throw new Error(`${peer}: the range ${range} is not ^x.y.z`);
    floors[peer] = floor;
  }
  return floors;
}

/** The fields of a package.json the packaging tests read. */
export interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly [field: string]: unknown;
}

/** The package.json of an installed package of the project. */
export async function installedManifest(dir: string, name: string): Promise<PackageManifest> {
  return JSON.parse(
    await readFile(join(dir, 'node_modules', name, 'package.json'), 'utf8'),
  ) as PackageManifest;
}

/** Tools the README examples need besides the packages: the MCP client and, for TypeScript, its compiler and runner. */
const EXAMPLE_TOOLS = ['@modelcontextprotocol/client', 'typescript', 'tsx', '@types/node'];

/**
 * Packs the public packages and installs them into a new project in the
 * system's temporary folder that already has every peer at its floor.
 * `nodes` are the Node binaries the tests check `import` and `require` with.
 *
 * @example
 * ```ts
 * const project = await createPackedProject([process.execPath]);
 * try { ... } finally { await removePackedProject(project); }
 * ```
 */
export async function createPackedProject(nodes: readonly string[]): Promise<PackedProject> {
  const dir = await mkdtemp(join(tmpdir(), 'scorelane-packed-'));
  const packs = join(dir, 'packs');
  await mkdir(packs);
  const packages = await packPublicPackages(packs);
  const manifests = await Promise.all(
    packages.map(
      async (entry) =>
        JSON.parse(
          await readFile(join(repoRoot, 'packages', entry.folder, 'package.json'), 'utf8'),
        ) as PackageManifest,
    ),
  );
  const floors = peerFloors(manifests);
  const project = join(dir, 'app');
  await mkdir(project);
  await writeFile(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`,
  );
  const install = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
  // The host's own dependencies come first, pinned at the oldest versions the
  // peer ranges allow, so npm cannot lift them to satisfy a package's own range.
  await runCommand(
    'npm',
    [
      ...install,
      '--save-exact',
      ...Object.entries(floors).map(([peer, floor]) => `${peer}@${floor}`),
    ],
    project,
  );
  const tools = await Promise.all(
    EXAMPLE_TOOLS.map(async (name) => `${name}@${await repositoryVersion(name)}`),
  );
  await runCommand(
    'npm',
    [...install, ...packages.map((entry) => entry.tarball), ...tools],
    project,
  );
  const versions = await Promise.all(
    nodes.map(async (path) => ({
      path,
      version: (await runCommand(path, ['--version'], project)).stdout.trim(),
    })),
  );
  return { dir: project, packages, floors, nodes: versions };
}

/** Deletes the project, its tarballs with it. */
export async function removePackedProject(project: PackedProject): Promise<void> {
  await rm(join(project.dir, '..'), { recursive: true, force: true });
}
