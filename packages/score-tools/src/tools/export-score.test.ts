import { parseScoreFile } from '@scorelane/lanes-seq';
import { exportMusicXml, importMusicXml } from '@scorelane/musicxml';
import { parseMidi } from 'midi-file';
import { describe, expect, it } from 'vitest';
import { odeFixture } from '../fixtures.test-support.ts';

describe('export_score', () => {
  it('exports .lanes text that reads back as the same score', async () => {
    const { tools } = odeFixture({ role: 'viewer' });
    const exported = await tools.invoke('export_score', { format: 'lanes' });
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    expect(exported.output).toMatchObject({
      format: 'lanes',
      file_name: 'ode.lanes',
      encoding: 'utf-8',
    });
    const file = parseScoreFile(String(exported.output.content));
    expect(file.ok).toBe(true);
    expect(String(exported.output.content)).toContain('P1 s1 v1 m8: E4=3/8 D4=1/8 D4=1/2');
  });

  it('exports MIDI as base64 that an independent reader parses', async () => {
    const { tools } = odeFixture({ role: 'viewer' });
    const exported = await tools.invoke('export_score', { format: 'midi' });
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    expect(exported.output).toMatchObject({
      format: 'midi',
      encoding: 'base64',
      mime_type: 'audio/midi',
    });
    const bytes = Buffer.from(String(exported.output.content), 'base64');
    expect(bytes.length).toBe(exported.output.bytes);
    const midi = parseMidi(bytes);
    expect(midi.header.format).toBe(1);
    expect(midi.tracks).toHaveLength(3);
  });

  it('exports MusicXML through the exporter the host injects, and refuses without one', async () => {
    const { tools } = odeFixture({ exporters: { musicxml: exportMusicXml } });
    const exported = await tools.invoke('export_score', { format: 'musicxml' });
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    const reimported = importMusicXml(String(exported.output.content));
    expect(reimported.ok).toBe(true);
    const bare = odeFixture();
    const refused = await bare.tools.invoke('export_score', { format: 'musicxml' });
    expect(refused.ok).toBe(false);
    expect(refused.result.content[0]?.text).toContain('cannot export MusicXML');
  });
});
