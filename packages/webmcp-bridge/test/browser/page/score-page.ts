/**
 * The page under test with the real score catalog: a score editor whose
 * Y.Doc is loaded from a "server" score when the test says so, the
 * `@scorelane/score-tools` catalog over it (one undo step per write), and a
 * player that, like Web Audio, refuses until the page has had a gesture.
 * Driven through `window.testPage` with `Runtime.evaluate`, without a
 * gesture. `?polyfill` asks for `@mcp-b/webmcp-polyfill`.
 */
import { parseScoreFile } from '@scorelane/lanes-seq';
import { openScore, scoreFromLanes } from '@scorelane/score-model';
import {
  createMemorySelection,
  createScoreTools,
  type PlayRequest,
  type ScorePlayer,
} from '@scorelane/score-tools';
import { createUndoController } from '@scorelane/undo';
import { createWebMcpBridge } from '@scorelane/webmcp-bridge';
import * as Y from 'yjs';
import { pageModelContext } from './page-model-context.ts';

const ODE = `%% title: Ode
%% part P1 name="Violin" staves=1 clefs=treble
%% measures 2
%% time m1 4/4
%% key m1 D major
P1 s1 v1 m1: F#4=1/4 F#4=1/4 G4=1/4 A4=1/4
P1 s1 v1 m2: A4=1/4 G4=1/4 F#4=1/4 E4=1/4
`;

const found = await pageModelContext();

const doc = new Y.Doc();
const editorOrigin = { name: 'score-page' };
const undo = createUndoController(doc, { trackedOrigins: [editorOrigin] });

/** Plays nothing aloud; like Web Audio it refuses until the page has had a gesture, then records what it was asked. */
const played: PlayRequest[] = [];
const player: ScorePlayer = {
  play: (request) => {
    if (!navigator.userActivation.hasBeenActive) {
      return {
        ok: false,
        reason: 'needs-gesture',
        message: 'Audio is locked until the page is clicked.',
      };
    }
    played.push(request);
    return { ok: true };
  },
  stop: () => ({ ok: true }),
};

// The page stands for an editor: its selection is what select_measures sets.
const tools = createScoreTools({
  score: openScore(doc),
  undo,
  player,
  selection: createMemorySelection(),
});
const bridge = found.ok
  ? createWebMcpBridge(found.modelContext, { requireUserActivation: ['play'] })
  : undefined;

let role: string | null = 'viewer';
let ready = false;
const render = () => bridge?.update({ pipeline: tools.pipeline, role, ready }) ?? Promise.resolve();

/** The provider's first sync: the server's score arrives, then the document is ready. */
function syncFromServer(): Promise<unknown> {
  const file = parseScoreFile(ODE);
  if (!file.ok) throw new Error('the test score does not parse');
  const server = scoreFromLanes(file.score.header, file.score.document);
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(server.doc));
  ready = true;
  return render();
}

const testPage = {
  source: () => (found.ok ? found.source : null),
  syncFromServer,
  setRole: (next: string | null) => {
    role = next;
    return render();
  },
  inputSchemaOf: (name: string) =>
    tools.manifest('editor').tools.find((tool) => tool.name === name)?.inputSchema,
  stateVector: () => Array.from(Y.encodeStateVector(doc)).join(','),
  played: () => played,
  hasBeenActive: () => navigator.userActivation.hasBeenActive,
};

Object.assign(window, { testPage });
await render();
document.body.dataset.ready = 'true';
