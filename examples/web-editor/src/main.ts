/**
 * The editor: opens the document, engraves it on every change, lets the
 * person select measures and edit their lanes-seq, and offers the score tools
 * of their role to the page's agents, all on one undo history.
 */
import { exportMusicXml } from '@scorelane/musicxml';
import { openScore, scoreInfo } from '@scorelane/score-model';
import { createScoreTools } from '@scorelane/score-tools';
import type { ToolInvocation } from '@scorelane/tool-contracts';
import { createUndoController } from '@scorelane/undo';
import { offerAgentTools } from './agent-tools.ts';
import { changedRange } from './changed-range.ts';
import { type EditorPage, editorPage, showStatus } from './editor-page.ts';
import { createEngraver } from './engraver.ts';
import { createLanesPane, rangeTitle } from './lanes-pane.ts';
import { selectionAfterClick } from './measure-range.ts';
import { openDocument } from './open-document.ts';
import { markMeasures, measureAt, showPages } from './score-view.ts';
import { createSelectionStore } from './selection-store.ts';
import { bindUndoControls } from './undo-controls.ts';

async function startEditor(page: EditorPage): Promise<void> {
  showStatus(page, 'Loading the engraver…');
  const opened = await openDocument(location.search);
  if (!opened.ok) {
    showStatus(page, opened.message, true);
    return;
  }
  const { doc, role } = opened;
  page.documentName.textContent = opened.name;
  const score = openScore(doc);
  const undo = createUndoController(doc);
  const selection = createSelectionStore();
  const exporters = { musicxml: exportMusicXml };
  const shared = { score, undo, role, selection, exporters } as const;
  const agentTools = createScoreTools({ ...shared, actor: 'agent' });
  const personTools = createScoreTools({ ...shared, actor: 'person' });
  const engraver = await createEngraver();

  const showChange = (who: string, invocation: ToolInvocation) => {
    const range = changedRange(invocation);
    if (range === null) return;
    selection.showChange(range);
    showStatus(
      page,
      `${who} ${invocation.tool} changed ${rangeTitle(range.start_measure, range.end_measure).toLowerCase()}.`,
    );
  };

  let renders = 0;
  const render = () => {
    const engraving = engraver.engrave(exportMusicXml(score));
    if (!engraving.ok) {
      showStatus(page, engraving.message, true);
      return;
    }
    showPages(page.score, engraving.pages);
    markMeasures(page.score, selection.get(), selection.highlighted());
    renders += 1;
    page.score.dataset.renders = String(renders);
  };
  let pending = false;
  doc.on('update', () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      render();
    });
  });

  const pane = createLanesPane(
    page.lanes,
    async (name, args) => {
      const invocation = await personTools.invoke(name, args, { role });
      showChange('Your', invocation);
      return invocation;
    },
    role === 'editor',
  );
  selection.subscribe(() => {
    markMeasures(page.score, selection.get(), selection.highlighted());
    void pane.load(selection.get());
  });
  page.score.addEventListener('click', (event) => {
    const measure = measureAt(page.score, event.target);
    if (measure === null) return;
    const parts = scoreInfo(score).parts.map((part) => part.part);
    selection.set(selectionAfterClick(selection.get(), measure, event.shiftKey, parts));
  });
  bindUndoControls(undo, page, (command, result) => {
    showStatus(
      page,
      result.ok
        ? `${command === 'undo' ? 'Undid' : 'Redid'} ${result.step.meta.actor}’s step.`
        : result.message,
      !result.ok,
    );
  });

  render();
  const offered = await offerAgentTools(agentTools, role, (invocation) =>
    showChange('An agent’s', invocation),
  );
  page.webMcpStatus.textContent = offered.ok
    ? `WebMCP (${offered.source}): ${offered.tools.length} tools for agents in this browser.`
    : offered.message;
  showStatus(page, role === 'editor' ? 'Ready: you can edit.' : 'Ready: view only.');
  document.body.dataset.ready = 'true';
}

const page = editorPage();
startEditor(page).catch((error: unknown) => {
  showStatus(page, `The editor failed to start: ${String(error)}`, true);
});
