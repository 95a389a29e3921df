/**
 * The Hocuspocus extension that admits connections by token: the edit token
 * gives a read-write connection, the view token a read-only one (Hocuspocus
 * then refuses the connection's updates at the server, whatever its client
 * does), anything else is refused. Refusals never name the token.
 */
import type { Extension, onAuthenticatePayload } from '@hocuspocus/server';
import { roleOfToken } from './access-role.ts';
import type { DocumentStore } from './document-store.ts';

/**
 * The access extension; `context.role` is the connection's role afterwards.
 *
 * @example
 * ```ts
 * new Hocuspocus({ extensions: [accessControl(store)] });
 * ```
 */
export function accessControl(store: DocumentStore): Extension {
  return {
    extensionName: 'AccessControl',
    async onAuthenticate({ documentName, token, connectionConfig }: onAuthenticatePayload) {
      const role = roleOfToken(await store.tokens(documentName), token);
      if (role === undefined) {
        throw Object.assign(new Error('Refused: no valid edit or view token for this document.'), {
          reason: 'permission-denied',
        });
      }
      connectionConfig.readOnly = role === 'viewer';
      return { role };
    },
  };
}
