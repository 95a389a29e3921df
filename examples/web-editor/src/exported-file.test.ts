import { parseScoreFile } from '@scorelane/lanes-seq';
import { importMusicXml } from '@scorelane/musicxml';
import { scoreInfo } from '@scorelane/score-model';
import { describe, expect, it } from 'vitest';
import { openExample } from './example-editor.test-support.ts';
import { DOWNLOAD_FORMATS, type ExportOutput, exportedFile } from './exported-file.ts';

/** The example's `export_score` answer in `format`, as the page's download buttons get it. */
async function exported(format: string): Promise<ExportOutput> {
  const { tools } = openExample();
  const invocation = await tools.invoke('export_score', { format });
  if (!invocation.ok) throw new Error(`export_score refused ${format}`);
  return invocation.output as unknown as ExportOutput;
}

const BASE = 'ode-to-joy-beethoven-1824-theme-in-d-major-then-in-e-major';

describe('downloads through export_score', () => {
  it('offers the three formats of export_score', () => {
    expect([...DOWNLOAD_FORMATS]).toEqual(['musicxml', 'lanes', 'midi']);
  });

  it('names the MusicXML file after the title, and its bytes import back as the same sixteen bars', async () => {
    const file = exportedFile(await exported('musicxml'));
    expect(file.name).toBe(`${BASE}.musicxml`);
    expect(file.type).toBe('application/vnd.recordare.musicxml+xml');
    const reimported = importMusicXml(file.bytes);
    expect(reimported.ok).toBe(true);
    if (reimported.ok) expect(scoreInfo(reimported.score).measureCount).toBe(16);
  });

  it('writes .lanes as UTF-8 text that parses as a score file with its header', async () => {
    const file = exportedFile(await exported('lanes'));
    expect(file.name).toBe(`${BASE}.lanes`);
    const text = new TextDecoder().decode(file.bytes);
    expect(text.startsWith('%% title: Ode to Joy')).toBe(true);
    expect(parseScoreFile(text).ok).toBe(true);
  });

  it('decodes MIDI from base64 into a Standard MIDI File', async () => {
    const output = await exported('midi');
    const file = exportedFile(output);
    expect(file.name).toBe(`${BASE}.mid`);
    expect(file.type).toBe('audio/midi');
    expect(new TextDecoder('latin1').decode(file.bytes.subarray(0, 4))).toBe('MThd');
    expect(file.bytes.length).toBe(Buffer.from(output.content, 'base64').length);
  });
});
