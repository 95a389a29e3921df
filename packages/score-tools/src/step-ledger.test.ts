import { apply, openScore, plan } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { odeFixture } from './fixtures.test-support.ts';
import { createStepLedger, LEDGER_STEPS } from './step-ledger.ts';

function rewriteIn(doc: Y.Doc, measure: number, events: string, origin: unknown): Y.Transaction {
  let transaction: Y.Transaction | undefined;
  doc.transact((tr) => {
    transaction = tr;
    const score = openScore(doc, { origin });
    const planned = plan(score, {
      start: measure,
      parts: [1],
      text: `P1 s1 v1 m${measure}: ${events}\n`,
    });
    if (!planned.ok || !apply(score, planned.plan).ok) throw new Error('fixture rewrite failed');
  }, origin);
  return transaction!;
}

describe('the step ledger', () => {
  it('sees a later write of a key the step wrote, and who made it', () => {
    const { doc } = odeFixture();
    const ledger = createStepLedger(doc);
    ledger.record('call_1', rewriteIn(doc, 2, 'B4=1', 'agent'), null);
    expect(ledger.changedSince('call_1')).toEqual([]);
    rewriteIn(doc, 3, 'B4=1', 'someone');
    expect(ledger.changedSince('call_1')).toEqual([]);
    rewriteIn(doc, 2, 'C5=1', 'someone');
    expect(ledger.changedSince('call_1')).toEqual([
      { map: 'units', key: expect.stringMatching(/\/1\//), client: doc.clientID },
    ]);
  });

  it(`forgets the oldest steps past ${LEDGER_STEPS}`, () => {
    const { doc } = odeFixture();
    const ledger = createStepLedger(doc);
    const transaction = rewriteIn(doc, 2, 'B4=1', 'agent');
    for (let index = 0; index <= LEDGER_STEPS; index++)
      ledger.record(`call_${index}`, transaction, null);
    expect(ledger.has('call_0')).toBe(false);
    expect(ledger.has(`call_${LEDGER_STEPS}`)).toBe(true);
  });
});
