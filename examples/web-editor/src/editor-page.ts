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
    undo: byId('undo', HTMLButtonElement),
    redo: byId('redo', HTMLButtonElement),
    score: byId('score', HTMLElement),
    lanes: {
      title: byId('lanes-title', HTMLElement),
      text: byId('lanes-text', HTMLTextAreaElement),
      apply: byId('lanes-apply', HTMLButtonElement),
      problems: byId('lanes-problems', HTMLUListElement),
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

/** Shows `message` in the status line, red when it is an error. */
export function showStatus(page: EditorPage, message: string, error = false): void {
  page.status.textContent = message;
  page.status.classList.toggle('error', error);
}
