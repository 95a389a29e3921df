import { describe, expect, it } from 'vitest';
import { lanesOf, ODE, odeFixture, stateVector } from '../fixtures.test-support.ts';

/** The Ode with eighths in the violin's m2, so "every eighth of bar 2" has notes to mark. */
const ODE_WITH_EIGHTHS = ODE.replace(
  'P1 s1 v1 m2: A4=1/4 G4=1/4 F#4=1/4 E4=1/4',
  'P1 s1 v1 m2: A4=1/8 A4=1/8 G4=1/8 G4=1/8 F#4=1/4 E4=1/4',
);

/** Each request of the issue as one write_marks call, and the lanes it must read back as. */
const REQUESTS: readonly [string, string, string, readonly [number, number], string][] = [
  ['add a p at bar 5', 'P1 s1 v1 m5: *\\p\n', '', [5, 5], 'P1 s1 v1 m5: F#4=1/4\\p F#4 G4 A4'],
  [
    'crescendo from bar 5 to 8',
    'P1 s1 v1 m5: *\\<\nP1 s1 v1 m8: * * *\\!\n',
    '',
    [8, 8],
    'P1 s1 v1 m8: E4=3/8 D4=1/8 D4=1/2\\!',
  ],
  [
    'slur the first four notes of bar 3',
    'P1 s1 v1 m3: *( * * *)\n',
    '',
    [3, 3],
    'P1 s1 v1 m3: D4=1/4( D4 E4 F#4)',
  ],
  [
    'staccato on every eighth of bar 2',
    'P1 s1 v1 m2: *-. *-. *-. *-.\n',
    ODE_WITH_EIGHTHS,
    [2, 2],
    'P1 s1 v1 m2: A4=1/8-. A4-. G4-. G4-. F#4=1/4 E4',
  ],
  [
    "put the lyrics 'Freu-de schö-ner Göt-ter-fun-ken' under the melody of bars 1-2",
    'P1 s1 v1 m1 w1: Freu-de schö-ner\nP1 s1 v1 m2 w1: Göt-ter-fun-ken\n',
    '',
    [1, 2],
    [
      'P1 s1 v1 m1: F#4=1/4 F#4 G4 A4 | A4 G4 F#4 E4',
      'P1 s1 v1 m1 w1: Freu- de schö- ner | Göt- ter- fun- ken',
    ].join('\n'),
  ],
  [
    'chord symbols Am, Dm, E7 over bars 1-3',
    'P1 s1 v1 m1: *"Am"\nP1 s1 v1 m2: *"Dm"\nP1 s1 v1 m3: *"E7"\n',
    '',
    [1, 3],
    ['P1 s1 v1 m1: F#4=1/4"Am" F#4 G4 A4 | A4"Dm" G4 F#4 E4 | D4"E7" D4 E4 F#4'].join('\n'),
  ],
  [
    'Allegro, quarter = 120 at the start',
    'P1 s1 v1 m1: *\\tempo"Allegro"1/4=120\n',
    '',
    [1, 1],
    'P1 s1 v1 m1: F#4=1/4\\tempo"Allegro"1/4=120 F#4 G4 A4',
  ],
  [
    'add a fermata on the last note',
    'P1 s1 v1 m8: * * *\\fermata\n',
    '',
    [8, 8],
    'P1 s1 v1 m8: E4=3/8 D4=1/8 D4=1/2\\fermata',
  ],
];

describe('write_marks: the requests of the issue, one call each', () => {
  it.each(REQUESTS)('%s', async (_request, lanesSeq, score, [start, end], expected) => {
    const fixture = odeFixture({}, score === '' ? ODE : score);
    const { tools } = fixture;
    const before = await lanesOf(tools, start, end, [1]);
    const notes = await tools.invoke('read_measures', {
      start_measure: 1,
      end_measure: 8,
      marks: false,
    });
    const written = await tools.invoke('write_marks', {
      lanes_seq: lanesSeq,
      revision: tools.context.revision(),
    });
    expect(written.ok).toBe(true);
    if (!written.ok) return;
    expect(written.output.status).toBe('applied');
    expect(await lanesOf(tools, start, end, [1])).toBe(expected);
    // The notes are as they were.
    const after = await tools.invoke('read_measures', {
      start_measure: 1,
      end_measure: 8,
      marks: false,
    });
    const lanesAlone = (read: typeof after) =>
      read.ok ? String(read.output.lanes_seq).replace(/^%.*\n/gm, '') : undefined;
    expect(lanesAlone(after)).toBe(lanesAlone(notes));
    expect(lanesAlone(after)).toContain('P1 s1 v1 m1: F#4=1/4');
    // One undo step takes it back.
    const undone = await tools.invoke('undo', {});
    expect(undone.ok).toBe(true);
    expect(await lanesOf(tools, start, end, [1])).toBe(before);
  });

  it('refuses a span with no end with "Nothing was changed.", and a dry run writes nothing', async () => {
    const { tools, doc } = odeFixture();
    const vector = stateVector(doc);
    const refused = await tools.invoke('write_marks', { lanes_seq: 'P1 s1 v1 m3: *(\n' });
    expect(refused.ok).toBe(false);
    expect(refused.result.content[0]?.text).toMatch(/^Nothing was changed\./);
    const dry = await tools.invoke('write_marks', {
      lanes_seq: 'P1 s1 v1 m3: *-.\n',
      dry_run: true,
    });
    expect(dry.ok && dry.output.status).toBe('dry_run');
    expect(stateVector(doc)).toEqual(vector);
  });

  it('is held as a proposal in review mode, applied on accept as one undo step', async () => {
    const { tools, doc, undo } = odeFixture({ review: true });
    const vector = stateVector(doc);
    const proposed = await tools.invoke('write_marks', { lanes_seq: 'P1 s1 v1 m5: *\\p\n' });
    expect(proposed.ok && proposed.output.status).toBe('awaiting_review');
    expect(stateVector(doc)).toBe(vector);
    const id = proposed.ok ? (proposed.output.review as { id: string }).id : '';
    const accepted = await tools.reviews!.accept(id);
    expect(accepted.session.state).toBe('applied');
    expect(await lanesOf(tools, 5, 5, [1])).toBe('P1 s1 v1 m5: F#4=1/4\\p F#4 G4 A4');
    expect(undo.undoManager.undoStack).toHaveLength(1);
  });

  it('is refused outside a scoped run and to a viewer, changing nothing', async () => {
    const scoped = odeFixture({ scope: { measures: { start: 5, end: 8 }, parts: [1] } });
    const outside = await scoped.tools.invoke('write_marks', { lanes_seq: 'P1 s1 v1 m3: *-.\n' });
    expect(!outside.ok && outside.error.code).toBe('out_of_scope');
    const inside = await scoped.tools.invoke('write_marks', { lanes_seq: 'P1 s1 v1 m6: *-.\n' });
    expect(inside.ok).toBe(true);
    const viewer = odeFixture({ role: 'viewer' });
    const vector = stateVector(viewer.doc);
    const refused = await viewer.tools.invoke('write_marks', { lanes_seq: 'P1 s1 v1 m3: *-.\n' });
    expect(refused.ok).toBe(false);
    expect(stateVector(viewer.doc)).toBe(vector);
  });
});
