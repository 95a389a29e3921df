/**
 * What a page on a shared document adds to the editor: the connection's
 * status, presence (who else is here and what they selected), and the
 * document's MCP endpoint for desktop agents.
 */
import { agentEndpointFor, showAgentEndpoint } from './agent-endpoint.ts';
import type { CollabConnection } from './collab-connection.ts';
import { bindConnectionStatus } from './connection-status.ts';
import type { EditorPage } from './editor-page.ts';
import { showPresence } from './presence-view.ts';
import type { SelectionStore } from './selection-store.ts';

/** A joined document, as the page opened it. */
export interface JoinedDocument {
  readonly name: string;
  readonly token: string;
  readonly connection: CollabConnection;
}

/** Shows the collaboration panel of a joined document. */
export function showCollaboration(
  page: EditorPage,
  joined: JoinedDocument,
  selection: SelectionStore,
): void {
  const { connection } = joined;
  page.collab.panel.hidden = false;
  bindConnectionStatus(connection.provider, page.collab.connection);
  const awareness = connection.provider.awareness;
  if (awareness !== null) {
    showPresence(awareness, selection, {
      list: page.collab.presence,
      score: page.score,
      name: page.collab.name,
    });
  }
  showAgentEndpoint(
    page.collab.agentEndpoint,
    agentEndpointFor(location.origin, joined.name, joined.token),
    connection.role,
  );
}
