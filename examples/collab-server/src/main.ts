/**
 * `npm start -w @scorelane/collab-server` (`node dist/main.js`): starts the
 * server with the settings of the environment and prints the links of one
 * document, `Edit:`, `View:` and `MCP:`, each on a line of its own. Stops
 * on SIGINT or SIGTERM, after saving, and says so.
 */
import { startCollabServer } from './collab-server.ts';
import { formatLinks } from './document-links.ts';
import { settingsFromEnv } from './settings.ts';

const settings = settingsFromEnv(process.env);
const server = await startCollabServer(settings.server);
process.stdout.write(`Collaboration server: ${server.url}\n`);
process.stdout.write(formatLinks(server.links(settings.document)));

const stop = () => {
  void server.close().then(() => {
    process.stdout.write('Stopped: every change is saved.\n');
    process.exit(0);
  });
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
