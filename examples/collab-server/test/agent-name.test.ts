import { describe, expect, it } from 'vitest';
import { agentNameOf, MAX_AGENT_NAME_LENGTH } from '../src/index.ts';

const initialize = (name: unknown) => ({ params: { clientInfo: { name, version: '1' } } });

describe('the name an MCP agent goes by', () => {
  it('is the link’s name, else the client’s clientInfo name, else "MCP agent"', () => {
    expect(agentNameOf('Arranger', initialize('claude-code'))).toBe('Arranger');
    expect(agentNameOf(null, initialize('claude-code'))).toBe('claude-code');
    expect(agentNameOf('  ', initialize(42))).toBe('MCP agent');
    expect(agentNameOf(null, {})).toBe('MCP agent');
  });

  it('loses control characters and extra spaces, and is cut to its longest length', () => {
    expect(agentNameOf(null, initialize('evil\u0000\n\u202eagent  x'))).toBe('evil agent x');
    expect(agentNameOf('a'.repeat(100), {})).toHaveLength(MAX_AGENT_NAME_LENGTH);
  });
});
