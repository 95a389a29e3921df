/**
 * `npm start -w @scorelane/collab-server` (`node dist/main.js`): starts the
 * server with the settings of the environment and prints the links of one
 * document, `Edit:`, `View:` and `MCP:`, each on a line of its own. Stops
 * on SIGINT or SIGTERM, after saving, and says so. A setting it cannot use
 * or a port already taken ends it with one line saying what to do.
 */
import { type CollabServer, startCollabServer } from './collab-server.ts';
import { formatLinks } from './document-links.ts';
import { type ServerSettings, settingsFromEnv } from './settings.ts';

/** Starts the server, or prints why it cannot and exits 1. */
async function start(): Promise<{ server: CollabServer; settings: ServerSettings }> {
  try {
    const settings = settingsFromEnv(process.env);
    return { server: await startCollabServer(settings.server), settings };
  } catch (error) {
    process.stderr.write(`collab-server: ${startFailure(error)}\n`);
    process.exit(1);
  }
}

/** What a failed start says: a taken port names the variable that moves it. */
function startFailure(error: unknown): string {
  const { code, port, address } = error as { code?: string; port?: number; address?: string };
  if (code === 'EADDRINUSE') {
    return `port ${port} on ${address} is in use: stop what holds it, or set PORT to another port (0 lets the OS pick).`;
  }
  return error instanceof Error ? error.message : String(error);
}

const { server, settings } = await start();
process.stdout.write(`Collaboration server: ${server.url}\n`);
process.stdout.write(formatLinks(await server.links(settings.document)));

const stop = () => {
  void server.close().then(() => {
    process.stdout.write('Stopped: every change is saved.\n');
    process.exit(0);
  });
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
