/**
 * Runs the MCP conformance suite's server scenarios that apply to a catalog
 * server against the notes catalog over HTTP on 127.0.0.1, and exits
 * non-zero when any fails. `npm run conformance -w @scorelane/mcp-server`.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { serveCatalogHttp } from '../src/index.ts';
import { createNotes, notesGuide } from '../test/notes-catalog.ts';

/**
 * What a catalog server serves: the handshake, ping, tools/list, the Host
 * guard, and resources. The suite's tool-call scenarios need its own fixture
 * tools (images, sampling, progress) and do not apply; its resource scenario
 * reads the fixture resource `test://static-text`, which this host serves
 * beside a guide like any host's extra resource.
 */
const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'dns-rebinding-protection',
  'resources-list',
  'resources-read-text',
];

const { notes, pipeline } = createNotes();
const endpoint = await serveCatalogHttp(
  {
    pipeline,
    role: 'editor',
    name: 'notes',
    version: '1.0.0',
    resources: [
      notesGuide(notes),
      {
        uri: 'test://static-text',
        name: 'static-text',
        mimeType: 'text/plain',
        read: () => 'This is the content of the static text resource.',
      },
    ],
  },
  { port: 0 },
);
const bin = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/conformance/dist/index.js',
);

let failed = 0;
for (const scenario of SCENARIOS) {
  const code = await run(process.execPath, [
    bin,
    'server',
    '--url',
    endpoint.url,
    '--scenario',
    scenario,
  ]);
  console.log(`${code === 0 ? 'pass' : 'FAIL'} ${scenario}`);
  if (code !== 0) failed += 1;
}
await endpoint.close();
console.log(`${SCENARIOS.length - failed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}
