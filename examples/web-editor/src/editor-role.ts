/**
 * The roles a person has in the editor, which decide the WebMCP tools
 * registered for their agents: a view link reads, an edit link writes.
 */

/** A score-tools role. */
export type Role = 'viewer' | 'editor';
