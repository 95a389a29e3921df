import { openScore, scoreContent } from '@scorelane/score-model';
import { createUndoController } from '@scorelane/undo';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { openActivityLog } from './activity-log.ts';
import { createScoreTools, type ScoreTools } from './create-score-tools.ts';
import {
  collaboratorOf,
  collaboratorRewrites,
  lanesOf,
  odeFixture,
  stateVector,
} from './fixtures.test-support.ts';
import { OVERSIGHT_ORIGIN, OVERSIGHT_ROOT, openOversightSettings } from './oversight-settings.ts';
import { openProposalStore, PROPOSALS_ROOT } from './proposal-store.ts';

const M2 = { start_measure: 2, parts: [1], lanes_seq: 'P1 s1 v1 m2: A4=3/8 G4=1/8 G4=1/2\n' };
const ORIGINAL_M2 = 'P1 s1 v1 m2: A4=1/4 G4 F#4 E4';
const AGENT = { kind: 'agent', via: 'mcp', name: 'claude-code' } as const;
const ADA = { kind: 'person', via: 'editor', name: 'Ada' } as const;

/** The Ode with an agent's tools on the shared oversight, and a collaborator's doc with a person's tools. */
function sharedFixture() {
  const fixture = odeFixture();
  const agentTools = createScoreTools({
    score: fixture.score,
    undo: fixture.undo,
    actor: 'agent',
    activity: { log: openActivityLog(fixture.doc), by: AGENT },
    oversight: {
      settings: openOversightSettings(fixture.doc),
      proposals: openProposalStore(fixture.doc),
    },
  });
  const peer = collaboratorOf(fixture.doc);
  const personUndo = createUndoController(peer);
  const personTools = createScoreTools({
    score: openScore(peer, { origin: personUndo.origin }),
    undo: personUndo,
    actor: 'person',
    activity: { log: openActivityLog(peer), by: ADA },
    oversight: {
      settings: openOversightSettings(peer),
      proposals: openProposalStore(peer),
      agent: false,
    },
  });
  return { ...fixture, agentTools, peer, personUndo, personTools };
}

function proposalIdOf(invocation: Awaited<ReturnType<ScoreTools['invoke']>>): string {
  if (!invocation.ok) throw new Error(invocation.result.content[0]?.text);
  return (invocation.output.review as { id: string }).id;
}

describe('the oversight settings on the document', () => {
  it('start with review off and the whole score; a peer reads what another set, and who set it', () => {
    const doc = new Y.Doc();
    const peer = collaboratorOf(doc);
    const mine = openOversightSettings(doc);
    const theirs = openOversightSettings(peer);
    expect(theirs.reviewMode()).toBe(false);
    expect(theirs.agentScope()).toEqual({ kind: 'score' });
    expect(theirs.writeScope()).toBeUndefined();
    mine.setReviewMode(true, 'Ada');
    mine.setAgentScope({ kind: 'range', measures: { start: 5, end: 8 }, parts: [2, 1] }, 'Ada');
    expect(theirs.reviewMode()).toBe(true);
    expect(theirs.agentScope()).toEqual({
      kind: 'range',
      measures: { start: 5, end: 8 },
      parts: [1, 2],
    });
    expect(theirs.writeScope()?.label).toBe('measures 5-8, parts 1, 2');
    expect(theirs.scopeSetBy()).toEqual({ name: 'Ada', client: doc.clientID });
    mine.setAgentScope({ kind: 'nothing' }, 'Ada');
    expect(
      theirs.writeScope()?.contains({ kind: 'unit', measure: 5, part: 1, reason: 'rewrite' }),
    ).toBe(false);
  });

  it('are written with their own origin, which an undo controller does not track: undo never flips them', () => {
    const { doc, undo } = odeFixture();
    const origins: unknown[] = [];
    doc.on('afterTransaction', (transaction) => origins.push(transaction.origin));
    const settings = openOversightSettings(doc);
    settings.setReviewMode(true);
    expect(origins).toEqual([OVERSIGHT_ORIGIN]);
    expect(undo.undoManager.undoStack).toHaveLength(0);
    expect(undo.undo().ok).toBe(false);
    expect(settings.reviewMode()).toBe(true);
  });

  it('read what a peer wrote that is no setting as the defaults, and a malformed range as nothing', () => {
    const doc = new Y.Doc();
    const map = doc.getMap(OVERSIGHT_ROOT);
    map.set('review', 'yes');
    map.set('scope', { kind: 'range', measures: { start: 4, end: 2 } });
    const settings = openOversightSettings(doc);
    expect(settings.reviewMode()).toBe(false);
    expect(settings.agentScope()).toEqual({ kind: 'nothing' });
    map.set('scope', 'everything');
    expect(settings.agentScope()).toEqual({ kind: 'score' });
    expect(() => settings.setAgentScope({ kind: 'range', measures: { start: 0, end: 2 } })).toThrow(
      RangeError,
    );
  });
});

describe('agent writes under the document’s oversight', () => {
  it('in review mode an agent’s write becomes a proposal in the document, which a collaborator lists; the score is untouched', async () => {
    const { agentTools, doc, peer, score, personTools } = sharedFixture();
    openOversightSettings(peer).setReviewMode(true, 'Ada');
    const content = JSON.stringify(scoreContent(score));
    const touched: string[] = [];
    doc.on('afterTransaction', (transaction) => {
      for (const type of transaction.changed.keys()) {
        touched.push([...doc.share].find(([, shared]) => shared === type)?.[0] ?? 'nested');
      }
    });
    const held = await agentTools.invoke('rewrite_measures', M2);
    expect(held.ok && held.output.status).toBe('awaiting_review');
    expect(held.ok && String(held.output.summary)).toContain('get_proposal_status');
    expect(touched).toEqual([PROPOSALS_ROOT]);
    expect(JSON.stringify(scoreContent(score))).toBe(content);
    const listed = personTools.proposals!.list();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: proposalIdOf(held),
      tool: 'rewrite_measures',
      args: M2,
      proposed_by: AGENT,
      state: 'pending',
      range: { start_measure: 2, end_measure: 2, parts: [1] },
      changes: [{ unit: 'P1 s1 m2', before: `${ORIGINAL_M2}\n`, after: M2.lanes_seq }],
    });
  });

  it('a person on another page accepts it as one undo step of their own, logged with both names; the agent reads the outcome', async () => {
    const { agentTools, peer, personTools, personUndo, undo } = sharedFixture();
    openOversightSettings(peer).setReviewMode(true, 'Ada');
    const id = proposalIdOf(await agentTools.invoke('rewrite_measures', M2));
    const pending = await agentTools.invoke('get_proposal_status', { proposal_id: id });
    expect(pending.ok && pending.output).toMatchObject({ state: 'pending', stale: false });

    const accepted = personTools.proposals!.accept(id);
    expect(accepted.ok && accepted.proposal.state).toBe('accepted');
    expect(await lanesOf(agentTools, 2, 2, [1])).toBe(M2.lanes_seq.trim());
    expect(personUndo.undoManager.undoStack).toHaveLength(1);
    expect(personUndo.peekUndo()?.meta.actor).toBe('person');
    expect(undo.undoManager.undoStack).toHaveLength(0);
    expect(openActivityLog(peer).entries().at(-1)).toMatchObject({
      by: ADA,
      proposed_by: AGENT,
      tool: 'rewrite_measures',
      summary: '1 unit in m2, part 1, accepted in review',
    });
    const status = await agentTools.invoke('get_proposal_status', { proposal_id: id });
    expect(status.ok && status.output).toMatchObject({
      state: 'accepted',
      decided_by: 'Ada',
      proposed_by: 'claude-code',
    });
    expect(personTools.proposals!.accept(id)).toMatchObject({
      ok: false,
      message: 'The proposal is already accepted.',
    });
    personUndo.undo();
    expect(await lanesOf(agentTools, 2, 2, [1])).toBe(ORIGINAL_M2);
  });

  it('a proposal whose measure a collaborator changed shows stale, and accept ends it stale without touching the score', async () => {
    const { agentTools, peer, personTools, score } = sharedFixture();
    openOversightSettings(peer).setReviewMode(true);
    const id = proposalIdOf(await agentTools.invoke('rewrite_measures', M2));
    const elsewhere = proposalIdOf(
      await agentTools.invoke('rewrite_measures', {
        start_measure: 7,
        parts: [1],
        lanes_seq: 'P1 s1 v1 m7: D4=1\n',
      }),
    );
    collaboratorRewrites(peer, 2, 'P1 s1 v1 m2: B4=1\n');
    const proposal = personTools.proposals!.get(id)!;
    expect(personTools.proposals!.isStale(proposal)).toBe(true);
    expect(personTools.proposals!.isStale(personTools.proposals!.get(elsewhere)!)).toBe(false);
    const content = JSON.stringify(scoreContent(score));
    const outcome = personTools.proposals!.accept(id);
    expect(outcome.ok && outcome.proposal).toMatchObject({
      state: 'stale',
      message: 'Not applied: its measures changed since it was proposed.',
    });
    expect(JSON.stringify(scoreContent(score))).toBe(content);
    const status = await agentTools.invoke('get_proposal_status', { proposal_id: id });
    expect(status.ok && status.output).toMatchObject({ state: 'stale', stale: true });
  });

  it('reject writes nothing to the score; a viewer’s tools may not decide', async () => {
    const { agentTools, doc, peer, personTools, score } = sharedFixture();
    openOversightSettings(peer).setReviewMode(true);
    const id = proposalIdOf(await agentTools.invoke('rewrite_measures', M2));
    const viewer = createScoreTools({
      score,
      undo: createUndoController(doc),
      role: 'viewer',
      oversight: {
        settings: openOversightSettings(doc),
        proposals: openProposalStore(doc),
        agent: false,
      },
    });
    expect(viewer.proposals!.accept(id)).toMatchObject({
      ok: false,
      message: 'Only a person with the edit role decides proposals.',
    });
    const content = JSON.stringify(scoreContent(score));
    expect(personTools.proposals!.reject(id)).toMatchObject({
      ok: true,
      proposal: { state: 'rejected', decided_by: ADA },
    });
    expect(JSON.stringify(scoreContent(score))).toBe(content);
  });

  it('the document’s scope refuses an agent’s write outside it (out_of_scope), for every agent instance, and never a person’s', async () => {
    const { agentTools, doc, peer, personTools } = sharedFixture();
    openOversightSettings(peer).setAgentScope(
      { kind: 'range', measures: { start: 5, end: 5 } },
      'Ada',
    );
    const vector = stateVector(doc);
    const outside = await agentTools.invoke('rewrite_measures', {
      start_measure: 4,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m4: D4=1\n',
    });
    expect(!outside.ok && outside.error.code).toBe('out_of_scope');
    expect(stateVector(doc)).toBe(vector);
    const inside = await agentTools.invoke('rewrite_measures', {
      start_measure: 5,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m5: D4=1\n',
    });
    expect(inside.ok).toBe(true);
    const person = await personTools.invoke('rewrite_measures', {
      start_measure: 4,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m4: E4=1\n',
    });
    expect(person.ok).toBe(true);
    openOversightSettings(peer).setAgentScope({ kind: 'nothing' });
    const nothing = await agentTools.invoke('rewrite_measures', {
      start_measure: 5,
      parts: [1],
      lanes_seq: 'P1 s1 v1 m5: E4=1\n',
    });
    expect(!nothing.ok && nothing.error.code).toBe('out_of_scope');
  });

  it('a proposal keeps the scope it was proposed under; accept inside it applies', async () => {
    const { agentTools, peer, personTools, score } = sharedFixture();
    const settings = openOversightSettings(peer);
    settings.setReviewMode(true);
    settings.setAgentScope({ kind: 'range', measures: { start: 2, end: 2 }, parts: [1] });
    const id = proposalIdOf(await agentTools.invoke('rewrite_measures', M2));
    expect(personTools.proposals!.get(id)?.scope).toEqual({
      measures: { start: 2, end: 2 },
      parts: [1],
    });
    const content = JSON.stringify(scoreContent(score));
    expect(personTools.proposals!.accept(id).ok).toBe(true);
    expect(JSON.stringify(scoreContent(score))).not.toBe(content);
  });

  it('the store keeps every pending proposal and the newest decided ones up to its cap, and skips what is no proposal', async () => {
    const { agentTools, doc, peer } = sharedFixture();
    openOversightSettings(peer).setReviewMode(true);
    const store = openProposalStore(doc, { cap: 2 });
    const ids: string[] = [];
    for (const measure of [1, 2, 3, 4]) {
      ids.push(
        proposalIdOf(
          await agentTools.invoke('rewrite_measures', {
            start_measure: measure,
            parts: [1],
            lanes_seq: `P1 s1 v1 m${measure}: D4=1\n`,
          }),
        ),
      );
    }
    for (const id of ids.slice(0, 3)) {
      store.decide(id, { state: 'rejected', decided_by: ADA, message: null });
    }
    doc.getMap(PROPOSALS_ROOT).set('junk', { id: 'junk' });
    store.add({
      ...store.get(ids[3]!)!,
      id: 'proposal_last',
      proposed_at: '9999-01-01T00:00:00.000Z',
    });
    expect(store.list().map((proposal) => proposal.id)).toEqual([
      ids[1],
      ids[2],
      ids[3],
      'proposal_last',
    ]);
    expect(store.get('junk')).toBeUndefined();
    expect(() => openProposalStore(doc, { cap: 0 })).toThrow(RangeError);
  });
});
