import { describe, expect, it } from 'vitest';
import { odeFixture, PERSON, stateVector } from './fixtures.test-support.ts';
import { createMemorySelection } from './selection.ts';

/** A host with a player (a test double that plays nothing) and a selection a person sees. */
const FULL_HOST = {
  player: { play: () => ({ ok: true as const }), stop: () => ({ ok: true as const }) },
  selection: createMemorySelection(),
};

const READ_TOOLS = [
  'get_score_info',
  'get_format_guide',
  'read_measures',
  'get_proposal_status',
  'get_selection',
  'select_measures',
  'play',
  'stop',
  'export_score',
];
const WRITE_TOOLS = [
  'rewrite_measures',
  'write_marks',
  'transpose_measures',
  'insert_measures',
  'delete_measures',
  'set_time_signature',
  'set_key_signature',
  'set_clef',
  'set_barline',
  'set_score_info',
  'add_part',
  'remove_part',
  'set_part',
  'move_part',
  'undo',
  'redo',
];

describe('roles', () => {
  it('a viewer gets the read tools, selection, play, stop and export; an editor gets all', () => {
    const { tools } = odeFixture({ role: 'viewer', ...FULL_HOST });
    expect(
      tools
        .manifest()
        .tools.map((tool) => tool.name)
        .sort(),
    ).toEqual([...READ_TOOLS].sort());
    expect(
      tools
        .manifest('editor')
        .tools.map((tool) => tool.name)
        .sort(),
    ).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
  });

  it('a viewer calling a write tool by name is refused and nothing changes', async () => {
    const { tools, doc } = odeFixture({ role: 'viewer' });
    const vector = stateVector(doc);
    const refused = await tools.invoke('rewrite_measures', {
      start_measure: 1,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m1: C5=1\n',
    });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('permission_denied');
    expect(refused.result.content[0]?.text.split('\n')[0]).toBe('Nothing was changed.');
    expect(stateVector(doc)).toBe(vector);
  });

  it('an unknown role or an untracked origin is a host bug and throws', () => {
    expect(() => odeFixture({ role: 'owner' })).toThrow(/Unknown role "owner"/);
    expect(() => odeFixture({ origin: { name: 'untracked' } })).toThrow(/not tracked/);
  });

  it('writes with the origin the host names when it is tracked', async () => {
    const { tools, undo } = odeFixture({ origin: PERSON, actor: 'assistant' });
    const written = await tools.invoke('rewrite_measures', {
      start_measure: 2,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m2: B4=1\n',
    });
    expect(written.ok).toBe(true);
    expect(undo.peekUndo()).toMatchObject({ origin: PERSON, meta: { actor: 'assistant' } });
    expect((await tools.invoke('undo', {})).ok).toBe(true);
  });

  it('every result carries the revision after the call, and the audit sees each call', async () => {
    const events: { tool: string; status: string; revision_after: string | null }[] = [];
    const { tools } = odeFixture({ onAudit: (event) => events.push(event), ...FULL_HOST });
    const calls: [string, object][] = [
      ['get_score_info', {}],
      ['get_format_guide', {}],
      ['read_measures', { start_measure: 1, end_measure: 2 }],
      ['rewrite_measures', { start_measure: 2, parts: [1], lanes_seq: 'P1 s1 v1 m2: B4=1\n' }],
      ['get_selection', {}],
      ['select_measures', { start_measure: 1, end_measure: 1 }],
      ['export_score', { format: 'lanes' }],
      ['undo', {}],
      ['redo', {}],
    ];
    for (const [name, args] of calls) {
      const invocation = await tools.invoke(name, args);
      expect(invocation.ok, name).toBe(true);
      if (invocation.ok) expect(invocation.output.revision, name).toBe(tools.context.revision());
    }
    expect(events.map((event) => `${event.tool}:${event.status}`)).toEqual(
      calls.map(([name]) => `${name}:ok`),
    );
  });
});
