/**
 * What the page derives from its link and the server's answer, in Node: the
 * socket URL, the role of the authenticated scope, the MCP endpoint shown to
 * desktop agents.
 */
import { describe, expect, it } from 'vitest';
import { agentEndpointFor } from './agent-endpoint.ts';
import { collabSocketUrl, refusedTokenMessage, roleOfScope } from './collab-connection.ts';

describe('the collaboration link', () => {
  it('joins the socket on the page’s own origin, wss under https', () => {
    expect(collabSocketUrl({ protocol: 'http:', host: '127.0.0.1:8700' })).toBe(
      'ws://127.0.0.1:8700',
    );
    expect(collabSocketUrl({ protocol: 'https:', host: 'scores.example' })).toBe(
      'wss://scores.example',
    );
  });

  it('takes the role from the server’s answer to the token: readonly is a viewer', () => {
    expect(roleOfScope('read-write')).toBe('editor');
    expect(roleOfScope('readonly')).toBe('viewer');
    expect(roleOfScope(undefined)).toBe('viewer');
  });

  it('says a refused token was refused and what to do', () => {
    expect(refusedTokenMessage('ode')).toMatch(
      /refused this link’s token for "ode".*Ask its owner/,
    );
  });

  it('builds the MCP endpoint without the token in the URL, and a one-line Claude Code command', () => {
    const endpoint = agentEndpointFor('http://127.0.0.1:8700', 'my score', 'T0k-en');
    expect(endpoint.url).toBe('http://127.0.0.1:8700/mcp?doc=my+score');
    expect(endpoint.header).toBe('Authorization: Bearer T0k-en');
    expect(endpoint.claudeCommand).toBe(
      'claude mcp add --transport http scorelane "http://127.0.0.1:8700/mcp?doc=my+score" --header "Authorization: Bearer T0k-en"',
    );
    expect(endpoint.claudeCommand.split('\n')).toHaveLength(1);
  });
});
