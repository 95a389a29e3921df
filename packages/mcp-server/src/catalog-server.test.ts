import { describe, expect, it } from 'vitest';
import { createNotes } from '../test/notes-catalog.ts';
import { catalogServerFactory } from './catalog-server.ts';

const base = { role: 'editor', name: 'notes', version: '1.0.0' };
const resource = { uri: 'notes://guide', name: 'guide', read: () => 'text' };

describe('catalogServerFactory', () => {
  it('throws at once for a role the pipeline does not define', () => {
    const { pipeline } = createNotes();
    expect(() => catalogServerFactory({ ...base, pipeline, role: 'admin' })).toThrow(RangeError);
  });

  it('throws at once for a resource URI that is not absolute, or given twice', () => {
    const { pipeline } = createNotes();
    expect(() =>
      catalogServerFactory({ ...base, pipeline, resources: [{ ...resource, uri: 'guide.md' }] }),
    ).toThrow('not absolute; use a scheme such as myapp://docs/guide.');
    expect(() =>
      catalogServerFactory({
        ...base,
        pipeline,
        resources: [resource, { ...resource, name: 'again' }],
      }),
    ).toThrow('The resource URI "notes://guide" is given twice.');
  });

  it('makes a fresh server for every request or connection', async () => {
    const { pipeline } = createNotes();
    const factory = catalogServerFactory({ ...base, pipeline, resources: [resource] });
    const first = await factory({ era: 'legacy' });
    const second = await factory({ era: 'modern' });
    expect(first).not.toBe(second);
  });
});
