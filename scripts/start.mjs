#!/usr/bin/env node
// `npm start` (after its build): the collaboration server on localhost,
// serving the built web editor at `/`, and the example document's links,
// `Edit:`, `View:` and `MCP:`, each on a line of its own. Ctrl+C stops it
// after saving. PORT, HOST, DATABASE and the collaboration server's other
// variables (examples/collab-server/README.md) still apply.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const editorDir = fileURLToPath(new URL('../examples/web-editor/dist/', import.meta.url));
const server = new URL('../examples/collab-server/dist/main.js', import.meta.url);

if (!existsSync(`${editorDir}index.html`) || !existsSync(server)) {
  console.error('npm start: the editor or the server is not built; run `npm run build` first.');
  process.exit(1);
}
process.env.EDITOR_DIR ??= editorDir;
process.env.DATABASE ??= fileURLToPath(new URL('../scorelane.db', import.meta.url));
console.log('Scorelane: open the Edit link in a browser; give the MCP link to a desktop agent.');
await import(server.href);
