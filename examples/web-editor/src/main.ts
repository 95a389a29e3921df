/**
 * The editor: opens the document, engraves it on every change, lets the
 * person select measures and edit their lanes-seq, and offers the score tools
 * of their role to the page's agents, all on one undo history.
 */

import { exportMusicXmlWithinLimit, exportMxlWithinLimit } from '@scorelane/musicxml';
import { openScore, type Score, scoreInfo } from '@scorelane/score-model';
import {
  createScoreTools,
  type Proposal,
  type ScoreSelection,
  type ScoreTools,
  type ScoreToolsOptions,
} from '@scorelane/score-tools';
import type { ToolInvocation } from '@scorelane/tool-contracts';
import { createUndoController, type UndoController, type UndoResult } from '@scorelane/undo';
import { offerAgentTools } from './agent-tools.ts';
import { blobExports } from './blob-exports.ts';
import { followChangedMeasures } from './changed-measures.ts';
import { changedRange } from './changed-range.ts';
import {
  CHUNK_MEASURES,
  type ChangedMeasures,
  type ChunkedEngraving,
  chunkedEngraving,
} from './chunked-engraving.ts';
import { showCollaboration } from './collaboration.ts';
import {
  clearStatus,
  type EditorPage,
  editorPage,
  showStatus,
  showWorking,
} from './editor-page.ts';
import type { Role } from './editor-role.ts';
import { bindFileControls } from './file-controls.ts';
import { createLanesPane, type LanesPane } from './lanes-pane.ts';
import { selectionAfterArrow, selectionAfterClick } from './measure-range.ts';
import { openDocument } from './open-document.ts';
import { type OpenedHead, openedFile } from './opened-file.ts';
import { openingShown } from './opening-marks.ts';
import { createOversight } from './oversight.ts';
import { changeWords, partNamesOf, rangeWords } from './person-words.ts';
import { bindPlaybackControls } from './playback-controls.ts';
import { presenceOf } from './presence.ts';
import { renderOnChange } from './render-on-change.ts';
import { markMeasures, measureAt, setStaffParts } from './score-view.ts';
import { createSelectionStore, type SelectionStore } from './selection-store.ts';
import { bindSidePanel, type SidePanel } from './side-panel.ts';
import { bindUndoControls } from './undo-controls.ts';
import { createWebAudioPlayer, type WebAudioPlayer } from './web-audio-player.ts';
import { type AsyncEngraver, createWorkerEngraver } from './worker-engraver.ts';

/** The keys that move the selection through the score (with Shift: its end). */
const ARROW_STEPS: Readonly<Record<string, -1 | 1>> = { ArrowLeft: -1, ArrowRight: 1 };

/** What every part of the editor works on. */
interface Editor {
  readonly page: EditorPage;
  readonly score: Score;
  readonly role: Role;
  readonly undo: UndoController;
  readonly selection: SelectionStore;
  readonly side: SidePanel;
}

async function startEditor(page: EditorPage): Promise<void> {
  // Verovio loads in its worker while the score is opened (a large file is imported meanwhile).
  const engraver = createWorkerEngraver();
  showWorking(page, 'Opening the score…');
  // Let the working state paint before opening (a large file takes a moment).
  await new Promise((resolve) => setTimeout(resolve, 0));
  performance.mark('scorelane:open');
  // A long file's head comes first: its first page is engraved while the whole file is imported.
  const heads: Promise<ChunkedEngraving>[] = [];
  const opened = await openDocument(
    location.search,
    (message) => showStatus(page, message),
    (head) => {
      const shown = engraveHead(page, engraver, head);
      heads.push(shown);
      return shown;
    },
  );
  performance.mark('scorelane:opened');
  if (!opened.ok) {
    // The head of a file that then could not be opened goes: the page shows no score it does not hold.
    if (heads.length > 0) {
      (await heads[0])?.handOver();
      page.score.replaceChildren();
    }
    showWorking(page, null);
    showStatus(page, opened.message, true);
    document.body.dataset.ready = 'failed';
    return;
  }
  // A file just applied to the document was one long task: answer input before the next.
  await new Promise((resolve) => setTimeout(resolve, 0));
  page.documentName.textContent = opened.name;
  page.scratchNote.hidden = opened.joined !== undefined;
  const editor: Editor = {
    page,
    score: openScore(opened.doc),
    role: opened.role,
    undo: createUndoController(opened.doc),
    selection: createSelectionStore(),
    side: bindSidePanel(page.editor),
  };
  const { score, undo, role, selection } = editor;
  const exporters = { musicxml: exportMusicXmlWithinLimit, mxl: exportMxlWithinLimit };
  const player = createWebAudioPlayer({ score });
  // Agent oversight: the shared activity log, review mode, the agents' scope.
  const oversight = createOversight({
    score,
    selection,
    scoreElement: page.score,
    canWrite: role === 'editor',
    personName: () =>
      presenceOf(opened.joined?.connection.provider.awareness?.getLocalState())?.user.name,
    accepted: (proposal, range) => showAccepted(editor, proposal, range),
    say: (message) => showStatus(page, message),
    proposed: (card) => {
      editor.side.show('proposals');
      card.querySelector('.proposal-actions')?.scrollIntoView({ block: 'nearest' });
    },
  });
  // The file this load opened tells get_score_info what its import warned about.
  const importWarnings = (openedFile()?.warnings ?? []).map((message) => ({ message }));
  const tools = (actor: string, more: Partial<ScoreToolsOptions> = {}) =>
    createScoreTools({
      score,
      undo,
      role,
      selection,
      exporters,
      actor,
      player,
      importWarnings,
      ...more,
    });
  const personTools = tools('person', {
    activity: oversight.activity('person'),
    oversight: oversight.tools('person'),
    // The person's own download buttons take the whole file, however large; an agent's answers stay capped.
    maxInlineExportBytes: Number.POSITIVE_INFINITY,
  });

  const pane = bindSelection(editor, personTools);
  const { engraving, engraved } = showEngraving(editor, engraver, pane, await heads[0]);
  if (role === 'editor') bindUndo(editor, oversight.historyChanged);
  else for (const button of [page.undo, page.redo]) button.hidden = true;
  bindPlaybackAndFiles(editor, player, personTools, engraving);
  if (opened.joined !== undefined) showCollaboration(page, opened.joined, selection);
  const agentTools = tools('agent', {
    activity: oversight.activity('agent'),
    oversight: oversight.tools('agent'),
    // A browser agent's export is a blob: link of this page, not the file in its context.
    files: blobExports(),
  });
  const offered = await offerAgentTools(agentTools, editor.role, (invocation) => {
    showChange(editor, 'An agent in this browser', invocation);
    oversight.agentCalled(invocation);
  });
  oversight.start(personTools, agentTools, offered.ok ? offered.reregister : null);
  page.webMcpStatus.textContent = offered.ok
    ? `WebMCP (${offered.source}): ${offered.tools.length} tools for agents in this browser.`
    : offered.message;
  showStatus(
    page,
    editor.role === 'editor'
      ? 'Ready: you can edit.'
      : 'Ready: you can read and play this score; this link cannot change it.',
  );
  // Ready once the score on screen is engraved (the worker engraves it meanwhile).
  await engraved;
  document.body.dataset.ready = 'true';
}

/** Says in `#score[data-first-engraving-ms]` when the score was first shown engraved, from the page's start, for `npm run bench`. */
function firstEngravingShown(page: EditorPage): void {
  if (page.score.dataset.firstEngravingMs !== undefined) return;
  page.score.dataset.firstEngravingMs = String(performance.now());
  performance.mark('scorelane:first-engraving');
  openingShown();
}

/**
 * Engraves the first page of a long file from its head (its first measures,
 * imported on their own) while the whole file is still imported; the
 * score's engraving then takes these ranges over, engraving again only one
 * the whole file engraves differently.
 */
async function engraveHead(
  page: EditorPage,
  engraver: AsyncEngraver,
  head: OpenedHead,
): Promise<ChunkedEngraving> {
  const engraving = chunkedEngraving(page.score, head.score, engraver, () => {}, undefined, {
    // The last range of the head is left to the whole file: what crosses the cut may end there.
    lastMeasure: head.measures - CHUNK_MEASURES,
  });
  const result = await engraving.update('all');
  if (result.ok) firstEngravingShown(page);
  return engraving;
}

/**
 * Engraves the score now and after every change, range by range (only the
 * ranges a change touched, only those on screen or near it), starting from
 * the ranges of `head` when a long file's head was engraved first; counts
 * renders in `#score[data-renders]`, and says in `data-render-ms` how long
 * the last one took from the change of the Y.Doc (from the page's start for
 * the first), for `npm run bench`; `engraved` settles once the score on
 * screen is first engraved.
 */
function showEngraving(
  editor: Editor,
  engraver: AsyncEngraver,
  pane: LanesPane,
  head?: ChunkedEngraving,
): { engraving: ChunkedEngraving; engraved: Promise<void> } {
  const { page, score, selection } = editor;
  let renders = 0;
  const engraving = chunkedEngraving(
    page.score,
    score,
    engraver,
    () => {
      markMeasures(page.score, selection.get(), selection.highlighted());
      page.score.dispatchEvent(new Event('engraved'));
    },
    (busy) => showWorking(page, busy ? 'Engraving…' : null),
    head === undefined ? {} : { keeping: head },
  );
  const changes = followChangedMeasures(score);
  const render = async (changedAt: number, changed: ChangedMeasures) => {
    // The staves change only with the score: once per update, not after every engraved range.
    setStaffParts(
      page.score,
      scoreInfo(score).parts.map((part) => part.staves),
    );
    const result = await engraving.update(changed);
    if (!result.ok) {
      showStatus(page, result.message, true);
      return;
    }
    renders += 1;
    firstEngravingShown(page);
    page.score.dataset.renders = String(renders);
    page.score.dataset.renderMs = String(performance.now() - changedAt);
  };
  renderOnChange(score.doc, (changedAt) => void render(changedAt, changes.take()));
  // The text pane reads its measures again after every update (the log's too: the revision moved).
  let refreshing = false;
  score.doc.on('update', () => {
    if (refreshing) return;
    refreshing = true;
    queueMicrotask(() => {
      refreshing = false;
      void pane.refresh();
    });
  });
  return { engraving, engraved: render(0, 'all') };
}

/** Selects and highlights what a call changed, and says so in the status line, in words. */
function showChange(editor: Editor, who: string, invocation: ToolInvocation): void {
  const range = changedRange(invocation);
  if (range === null) return;
  editor.selection.showChange(range);
  showStatus(
    editor.page,
    `${who} ${changeWords(invocation.tool, range, partNamesOf(editor.score))}.`,
  );
}

/** Selects and highlights what an accepted proposal changed, and says so in the status line. */
function showAccepted(editor: Editor, _proposal: Proposal, range: ScoreSelection | null): void {
  if (range !== null) editor.selection.showChange(range);
  const where = range ? ` to ${rangeWords(range, partNamesOf(editor.score))}` : '';
  showStatus(editor.page, `You accepted an agent’s change${where}.`);
}

/** Clicks select measures; the selection is marked and loaded into the lanes-seq pane. */
function bindSelection(editor: Editor, personTools: ScoreTools): LanesPane {
  const { page, score, selection, role } = editor;
  const pane = createLanesPane(page.lanes, {
    invoke: async (name, args) => {
      const invocation = await personTools.invoke(name, args, { role });
      showChange(editor, 'You', invocation);
      return invocation;
    },
    canWrite: role === 'editor',
    parts: () => scoreInfo(score).parts,
    onRefused: () => clearStatus(page),
  });
  page.lanes.apply.hidden = role !== 'editor';
  selection.subscribe(() => {
    markMeasures(page.score, selection.get(), selection.highlighted());
    // A write's range (an agent's, an undo's) keeps the person's unapplied text; a new selection reads afresh.
    void pane.load(selection.get(), { keepEdit: selection.showsChange() });
  });
  const allParts = () => scoreInfo(score).parts.map((part) => part.part);
  page.score.addEventListener('click', (event) => {
    const measure = measureAt(page.score, event.target);
    if (measure === null) return;
    selection.set(selectionAfterClick(selection.get(), measure, event.shiftKey, allParts()));
  });
  // Focusable, so the arrow keys select measures without a mouse.
  page.score.tabIndex = 0;
  page.score.addEventListener('keydown', (event) => {
    const step = ARROW_STEPS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const count = scoreInfo(score).measureCount;
    selection.set(selectionAfterArrow(selection.get(), step, event.shiftKey, allParts(), count));
  });
  return pane;
}

/** Undo and Redo on the page's controller; an undone change is no longer highlighted, and is logged. */
function bindUndo(
  { page, undo, selection }: Editor,
  logged: (command: 'undo' | 'redo', result: UndoResult<unknown>) => void,
): void {
  undo.on('change', (event) => {
    if (event.kind === 'undone' || event.kind === 'redone') selection.clearHighlight();
  });
  bindUndoControls(undo, page, (command, result) => {
    logged(command, result);
    const done = command === 'undo' ? 'Undid' : 'Redid';
    const whose = (actor: string) => (actor === 'person' ? 'your' : 'the agent’s');
    // Nothing to undo is no error: the status says so, in the ordinary colour.
    if (result.ok) showStatus(page, `${done} ${whose(result.step.meta.actor)} step.`);
    else showStatus(page, result.message);
  });
}

/** Play and Stop (the play head from the engraver's timemap), opening a file, and downloads, all through the person's tools. */
function bindPlaybackAndFiles(
  { page, role, score }: Editor,
  player: WebAudioPlayer,
  personTools: ScoreTools,
  engraving: ChunkedEngraving,
): void {
  const invoke = (name: string, args: Record<string, unknown>) =>
    personTools.invoke(name, args, { role });
  let playing: string | null = null;
  const report = (message: string, error: boolean) => {
    showStatus(page, message, error);
    playing = error ? null : message;
  };
  // "Playing m1-m2" is no longer true once playback stops or ends.
  player.subscribe((state) => {
    if (state.playing !== null || playing === null) return;
    clearStatus(page, playing);
    playing = null;
  });
  bindPlaybackControls(player, page, invoke, report, {
    timemap: () => engraving.timemap(),
    staves: () => scoreInfo(score).parts.map((part) => part.staves),
  });
  bindFileControls(page.files, invoke);
}

const page = editorPage();
startEditor(page).catch((error: unknown) => {
  showStatus(page, `The editor failed to start: ${String(error)}`, true);
});
