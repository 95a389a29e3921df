/**
 * The elements of the editor page (index.html), found once.
 */

/** Finds element `#id` of type `T`, or throws: the page and this file disagree. */
export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`index.html has no <${type.name}> #${id}.`);
  return element;
}

/** The page's elements. */
export function editorPage() {
  return {
    documentName: byId('document-name', HTMLElement),
    status: byId('status', HTMLElement),
    working: byId('working', HTMLElement),
    scratchNote: byId('scratch-note', HTMLElement),
    editor: byId('editor', HTMLElement),
    undo: byId('undo', HTMLButtonElement),
    redo: byId('redo', HTMLButtonElement),
    score: byId('score', HTMLElement),
    lanes: {
      title: byId('lanes-title', HTMLElement),
      text: byId('lanes-text', HTMLTextAreaElement),
      apply: byId('lanes-apply', HTMLButtonElement),
      changed: byId('lanes-changed', HTMLElement),
      reload: byId('lanes-reload', HTMLButtonElement),
      applyAnyway: byId('lanes-apply-anyway', HTMLButtonElement),
      refusal: byId('lanes-refusal', HTMLElement),
      refusalSummary: byId('lanes-refusal-summary', HTMLElement),
      problems: byId('lanes-problems', HTMLUListElement),
      details: byId('lanes-details', HTMLElement),
    },
    webMcpStatus: byId('webmcp-status', HTMLElement),
    // Playback and files.
    play: byId('play', HTMLButtonElement),
    files: {
      open: byId('file-open', HTMLInputElement),
      status: byId('file-status', HTMLElement),
      musicxml: byId('download-musicxml', HTMLButtonElement),
      lanes: byId('download-lanes', HTMLButtonElement),
      midi: byId('download-midi', HTMLButtonElement),
    },
    // Collaboration (a document of the server): status, presence, the MCP endpoint.
    collab: {
      panel: byId('collab', HTMLElement),
      connection: byId('connection', HTMLElement),
      presence: byId('presence', HTMLUListElement),
      name: byId('presence-name', HTMLInputElement),
      agentEndpoint: byId('agent-endpoint', HTMLElement),
    },
  };
}

/** The page's elements, as {@link editorPage} finds them. */
export type EditorPage = ReturnType<typeof editorPage>;

/** Shows `message` in the status line, red when it is an error (its whole text also its title, as a long one is cut). */
export function showStatus(page: EditorPage, message: string, error = false): void {
  page.status.textContent = message;
  page.status.title = message;
  page.status.classList.toggle('error', error);
}

/** Clears the status line if it still says `message` (what it said is no longer true). */
export function clearStatus(page: EditorPage, message?: string): void {
  if (message !== undefined && page.status.textContent !== message) return;
  showStatus(page, '');
}

/** Shows or hides the working state: the toolbar's spinner and the score's `aria-busy`. */
export function showWorking(page: EditorPage, what: string | null): void {
  page.working.hidden = what === null;
  page.working.textContent = what ?? '';
  page.score.setAttribute('aria-busy', String(what !== null));
}
