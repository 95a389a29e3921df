/**
 * The connection to the collaboration server, shown on the page: online and
 * in sync, or offline and reconnecting (the provider retries by itself, and
 * edits made meanwhile are sent once it is back). `data-state` carries the
 * provider's status for tests and styles.
 */
import type { HocuspocusProvider } from '@hocuspocus/provider';

/** What each provider status says on the page. */
export const CONNECTION_TEXT: Readonly<Record<string, string>> = {
  connecting: 'Connecting to the server…',
  connected: 'Online: changes are shared as you make them.',
  disconnected: 'Offline: reconnecting… Changes made now are sent when the server is back.',
};

/** Shows `provider`'s status in `element` from now on; returns the unbind. */
export function bindConnectionStatus(
  provider: HocuspocusProvider,
  element: HTMLElement,
): () => void {
  const show = (status: string) => {
    element.dataset.state = status;
    element.textContent = CONNECTION_TEXT[status] ?? status;
  };
  const onStatus = ({ status }: { status: string }) => show(status);
  provider.on('status', onStatus);
  show('connected');
  return () => provider.off('status', onStatus);
}
