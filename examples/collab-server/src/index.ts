/**
 * `@scorelane/collab-server`: the collaboration server that people and
 * agents share, persisted in SQLite or PostgreSQL, scaled out through Redis.
 */
export type { AccessRole } from './access-role.ts';
export { roleOfToken } from './access-role.ts';
export type { AgentEndpoint, AgentEndpointOptions } from './agent-endpoint.ts';
export { agentNameOf, MAX_AGENT_NAME_LENGTH } from './agent-name.ts';
export { AGENT_COLORS, type AgentPresenceUser } from './agent-presence.ts';
export type { AgentIdentity, AgentSession } from './agent-session.ts';
export { openAgentSession } from './agent-session.ts';
export type { CollabServer, CollabServerOptions } from './collab-server.ts';
export { startCollabServer } from './collab-server.ts';
export type { DocumentLinks } from './document-links.ts';
export { documentLinks, formatLinks } from './document-links.ts';
export type { DocumentPersistence } from './document-persistence.ts';
export { CLOSE_STORAGE_UNAVAILABLE, documentPersistence } from './document-persistence.ts';
export type {
  DocumentStore,
  DocumentStoreOptions,
  DocumentTokens,
  Durability,
} from './document-store.ts';
export { isPostgresUrl, openDocumentStore } from './document-store.ts';
export { exampleScoreUpdate } from './example-score.ts';
export {
  claimsAgent,
  type FrameScreen,
  type PersonFramesOptions,
  personFrames,
  type ScreenedFrame,
} from './person-frames.ts';
export { openPostgresStore, type PostgresStoreOptions } from './postgres-store.ts';
export type { RefusalLog, RefusalLogOptions } from './refusal-log.ts';
export { refusalLog } from './refusal-log.ts';
export { type ServerSettings, settingsFromEnv } from './settings.ts';
export type { SocketGuard, SocketGuardOptions } from './socket-guard.ts';
export {
  CLOSE_MALFORMED,
  CLOSE_REFUSED,
  CLOSE_TOO_MUCH_QUEUED,
  CLOSE_UNAUTHENTICATED,
  socketGuard,
} from './socket-guard.ts';
export { openSqliteStore, type SqliteStoreOptions } from './sqlite-store.ts';
export type { StaticFiles, StaticTarget } from './static-files.ts';
export { staticFiles } from './static-files.ts';
