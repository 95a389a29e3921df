/**
 * The editor's Vite build. Sibling packages resolve to their TypeScript
 * sources, so `npm run dev` needs no build of the packages first; verovio's
 * WebAssembly is inlined in its module (loaded by the engraving worker, a
 * module worker), so the page fetches nothing from outside the app. In `npm run dev` the collaboration server's socket and
 * `/mcp` are forwarded to `COLLAB_SERVER` (see collab-proxy.ts).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { collabProxy } from './collab-proxy.ts';

const packagesDir = fileURLToPath(new URL('../../packages/', import.meta.url));

/** `@scorelane/<name>` -> `packages/<name>/src/index.ts`. */
function sourceAliases(): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const name of readdirSync(packagesDir)) {
    aliases[`@scorelane/${name}`] = `${packagesDir}${name}/src/index.ts`;
  }
  return aliases;
}

export default defineConfig({
  resolve: { alias: sourceAliases() },
  server: { host: '127.0.0.1', proxy: collabProxy(process.env.COLLAB_SERVER) },
  preview: { host: '127.0.0.1' },
  build: { target: 'es2022', chunkSizeWarningLimit: 10_000 },
  // The Verovio worker imports modules as the page does.
  worker: { format: 'es' },
});
