import { describe, expect, it } from 'vitest';
import { blobExports } from './blob-exports.ts';

const file = (name: string, text: string) => ({
  name,
  mimeType: 'text/plain',
  bytes: new TextEncoder().encode(text),
});

describe('blobExports', () => {
  it('keeps each export as a blob: URL that holds its bytes and MIME type', async () => {
    const kept = await blobExports().keep(file('ode.lanes', 'P1 s1 v1 m1: C4=1\n'));
    expect(kept.name).toBe('ode.lanes');
    expect(kept.uri.startsWith('blob:')).toBe(true);
    const { resolveObjectURL } = await import('node:buffer');
    const blob = resolveObjectURL(kept.uri);
    expect(blob?.type).toBe('text/plain');
    expect(await blob?.text()).toBe('P1 s1 v1 m1: C4=1\n');
  });

  it('revokes the export of a format it replaces, and keeps the other formats', async () => {
    const { resolveObjectURL } = await import('node:buffer');
    const files = blobExports();
    const first = await files.keep(file('ode.lanes', 'one'));
    const midi = await files.keep({
      name: 'ode.mid',
      mimeType: 'audio/midi',
      bytes: new Uint8Array([77]),
    });
    const second = await files.keep(file('ode.lanes', 'two'));
    expect(resolveObjectURL(first.uri)).toBeUndefined();
    expect(await resolveObjectURL(second.uri)?.text()).toBe('two');
    expect(resolveObjectURL(midi.uri)?.size).toBe(1);
  });
});
