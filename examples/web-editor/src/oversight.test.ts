/**
 * Agent oversight without a browser, over the real example score: who an
 * activity entry names, the agents' scope from the person's selection, and
 * the document's proposals pending, accepted, rejected and stale, with
 * their before and after from a scratch copy of the document.
 */
import { exportMusicXml } from '@scorelane/musicxml';
import { apply, openScore, plan } from '@scorelane/score-model';
import {
  type ActivityEntry,
  createScoreTools,
  openActivityLog,
  openOversightSettings,
  openProposalStore,
} from '@scorelane/score-tools';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { whoDid } from './activity-who.ts';
import { documentScopeFor } from './agent-scope.ts';
import { openExample } from './example-editor.test-support.ts';
import { historyChange } from './history-activity.ts';
import { previewProposal } from './proposal-preview.ts';
import { proposalStatus } from './proposal-status.ts';
import { measureNumbers } from './range-engraver.ts';

const NEW_M2 = 'P1 s1 v1 m2: A5=3/8 G5=1/8 G5=1/2\n';

/** The example with the agents' and the person's tools on the document's oversight, review mode on, as main.ts makes them. */
function reviewedExample() {
  const doc = new Y.Doc();
  const log = openActivityLog(doc);
  const settings = openOversightSettings(doc);
  const proposals = openProposalStore(doc);
  const { score, undo, tools } = openExample(
    {
      actor: 'agent',
      activity: { log, by: { kind: 'agent', via: 'webmcp' } },
      oversight: { settings, proposals },
    },
    doc,
  );
  const person = createScoreTools({
    score,
    undo,
    actor: 'person',
    activity: { log, by: { kind: 'person', via: 'editor' } },
    oversight: { settings, proposals, agent: false },
  });
  settings.setReviewMode(true);
  const propose = async (start: number, lanes: string) => {
    const call = await tools.invoke('rewrite_measures', {
      start_measure: start,
      parts: [1],
      lanes_seq: lanes,
    });
    if (!call.ok || call.output.status !== 'awaiting_review') throw new Error('no proposal');
    return (call.output.review as { id: string }).id;
  };
  const desk = person.proposals!;
  const status = (id: string) => proposalStatus(desk.get(id)!, desk.isStale(desk.get(id)!));
  return { doc, score, undo, log, tools, propose, desk, status };
}

/** The person's own edit of a measure, as the lanes pane makes it (not through the review). */
function personEdits(doc: Y.Doc, start: number, text: string) {
  const person = openScore(doc, { origin: 'person' });
  const planned = plan(person, { start, text });
  if (!planned.ok) throw new Error('bad edit');
  apply(person, planned.plan);
}

describe('who an activity entry names', () => {
  const entry = (by: ActivityEntry['by'], client: number): ActivityEntry => ({
    id: `${client}:c`,
    at: '2026-11-30T23:00:00.000Z',
    client,
    by,
    tool: 'rewrite_measures',
    summary: '1 unit in m2, part 1',
    range: null,
    revision: null,
  });
  it('says you, an agent in this browser, a collaborator, their agent, or an MCP agent on the server', () => {
    expect(whoDid(entry({ kind: 'person', via: 'editor' }, 1), 1)).toBe('You');
    expect(whoDid(entry({ kind: 'agent', via: 'webmcp' }, 1), 1)).toBe('An agent in this browser');
    expect(whoDid(entry({ kind: 'person', via: 'editor' }, 2), 1)).toBe('A collaborator');
    expect(whoDid(entry({ kind: 'agent', via: 'webmcp' }, 2), 1)).toBe(
      'An agent in a collaborator’s browser',
    );
    expect(whoDid(entry({ kind: 'agent', via: 'mcp' }, 2), 1)).toBe('An MCP agent on the server');
    expect(whoDid(entry({ kind: 'agent', via: 'mcp' }, 1), 1)).toBe('An MCP agent on the server');
    expect(whoDid(entry({ kind: 'agent', via: 'mcp', name: 'claude-code' }, 1), 1)).toBe(
      'MCP agent claude-code',
    );
    expect(
      whoDid(
        {
          ...entry({ kind: 'person', via: 'editor', name: 'Bob' }, 2),
          proposed_by: { kind: 'agent', via: 'mcp', name: 'claude-code' },
        },
        1,
      ),
    ).toBe('Bob, accepting a proposal by MCP agent claude-code');
    expect(whoDid(entry({ kind: 'person', via: 'editor', name: 'Guest 7' }, 2), 1)).toBe('Guest 7');
    expect(whoDid(entry({ kind: 'agent', via: 'webmcp', name: 'Guest 7' }, 2), 1)).toBe(
      'An agent in Guest 7’s browser',
    );
    expect(whoDid(entry({ kind: 'person', via: 'editor', name: 'Guest 7' }, 1), 1)).toBe('You');
  });
});

describe('the person’s undo in the activity log', () => {
  it('logs an undo or redo that changed the score, with the range of the step’s own entry', async () => {
    const { undo, log, desk, propose } = reviewedExample();
    desk.accept(await propose(2, NEW_M2));
    const person = { kind: 'person', via: 'editor' } as const;
    const undone = historyChange('undo', undo.undo(), log, person);
    expect(undone).toMatchObject({
      tool: 'undo',
      summary: 'undid "rewrite_measures from m2, parts 1"',
      range: { start_measure: 2, end_measure: 2, parts: [1] },
    });
    expect(historyChange('redo', undo.redo(), log, person)?.summary).toBe(
      'redid "rewrite_measures from m2, parts 1"',
    );
    expect(historyChange('redo', undo.redo(), log, person)).toBeNull();
  });
});

describe('the agents’ scope', () => {
  it('is the whole score, the person’s selection, or nothing while nothing is selected', () => {
    const selection = { start_measure: 3, end_measure: 5, parts: [1] };
    expect(documentScopeFor('score', selection)).toEqual({ kind: 'score' });
    expect(documentScopeFor('selection', selection)).toEqual({
      kind: 'range',
      measures: { start: 3, end: 5 },
      parts: [1],
    });
    expect(documentScopeFor('selection', null)).toEqual({ kind: 'nothing' });
  });

  it('set on the document, refuses an agent’s write outside it out_of_scope, and lets one inside apply', async () => {
    const { doc, tools } = reviewedExample();
    const settings = openOversightSettings(doc);
    settings.setReviewMode(false);
    settings.setAgentScope(
      documentScopeFor('selection', { start_measure: 1, end_measure: 1, parts: [1, 2] }),
      'Ada',
    );
    expect(tools.manifest().scope?.label).toMatch(/^measures? 1/);
    const vector = Y.encodeStateVector(doc);
    const outside = await tools.invoke('rewrite_measures', {
      start_measure: 3,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m3: C5=1\n',
    });
    expect(outside.ok || outside.error.code).toBe('out_of_scope');
    expect(Y.encodeStateVector(doc)).toEqual(vector);
    const inside = await tools.invoke('rewrite_measures', {
      start_measure: 1,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m1: C5=1\n',
    });
    expect(inside.ok).toBe(true);
  });
});

describe('review proposals', () => {
  it('a proposal is pending and leaves the score alone; accepted, it applies as one undo step of the person and is logged', async () => {
    const { score, undo, log, propose, desk, status } = reviewedExample();
    const before = exportMusicXml(score);
    const id = await propose(2, NEW_M2);
    expect(status(id)).toBe('pending');
    expect(exportMusicXml(score)).toBe(before);
    const outcome = desk.accept(id);
    expect(outcome.ok && outcome.proposal.state).toBe('accepted');
    expect(status(id)).toBe('accepted');
    expect(exportMusicXml(score)).not.toBe(before);
    expect(log.entries().map((entry) => entry.summary)).toEqual([
      '1 unit in m2, part 1, accepted in review',
    ]);
    expect(undo.peekUndo()?.meta.actor).toBe('person');
    expect(undo.undo().ok).toBe(true);
    expect(exportMusicXml(score)).toBe(before);
  });

  it('rejected, it leaves the score as it was', async () => {
    const { propose, desk, score, status } = reviewedExample();
    const id = await propose(2, NEW_M2);
    const before = exportMusicXml(score);
    expect(desk.reject(id).ok).toBe(true);
    expect(status(id)).toBe('rejected');
    expect(exportMusicXml(score)).toBe(before);
  });

  it('shows stale once the person edits its bar, and accept then writes nothing', async () => {
    const { doc, propose, desk, score, status } = reviewedExample();
    const id = await propose(2, NEW_M2);
    const other = await propose(5, 'P1 s1 v1 m5: C5=1\n');
    personEdits(doc, 2, 'P1 s1 v1 m2: D5=1\n');
    expect(status(id)).toBe('stale');
    expect(status(other)).toBe('pending');
    const after = exportMusicXml(score);
    const outcome = desk.accept(id);
    expect(outcome.ok && outcome.proposal.state).toBe('stale');
    expect(status(id)).toBe('stale');
    expect(exportMusicXml(score)).toBe(after);
  });

  it('previews the before and after from a scratch copy, leaving the document alone', async () => {
    const { doc, propose, desk, score } = reviewedExample();
    const id = await propose(2, NEW_M2);
    const vector = Y.encodeStateVector(doc);
    const preview = previewProposal(score, desk.get(id)!);
    expect(Y.encodeStateVector(doc)).toEqual(vector);
    if (!preview.ok) throw new Error(preview.message);
    expect([
      preview.before.start,
      preview.before.end,
      preview.after.start,
      preview.after.end,
    ]).toEqual([2, 2, 2, 2]);
    expect(preview.before.musicXml).toBe(exportMusicXml(score));
    expect(preview.after.musicXml).not.toBe(preview.before.musicXml);
    expect(measureNumbers(preview.after.musicXml)).toHaveLength(16);
    expect(measureNumbers(preview.after.musicXml).slice(0, 3)).toEqual(['1', '2', '3']);
  });
});
