import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseScoreFile } from '@scorelane/lanes-seq';
import {
  exportMusicXml,
  exportMusicXmlWithinLimit,
  exportMxl,
  importMusicXml,
} from '@scorelane/musicxml';
import { createUndoController } from '@scorelane/undo';
import { parseMidi } from 'midi-file';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createScoreTools } from '../create-score-tools.ts';
import type { ScoreFileHost } from '../export-files.ts';
import { odeFixture } from '../fixtures.test-support.ts';

/** A real file host: it writes each export into a fresh folder and links to it. */
async function folderHost(): Promise<ScoreFileHost & { readonly dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'score-tools-export-'));
  return {
    dir,
    keep: async (file) => {
      const path = join(dir, file.name);
      await writeFile(path, file.bytes);
      return { uri: pathToFileURL(path).href, name: file.name };
    },
  };
}

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
    expect(String(exported.output.content)).toContain(
      'P1 s1 v1 m5: F#4=1/4 F#4 G4 A4 | A4 G4 F#4 E4 | D4 D4 E4 F#4 | E4=3/8 D4=1/8 D4=1/2\n',
    );
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

  it('refuses MusicXML over the size import reads, with the reason, when the exporter checks it (limit lowered for the test)', async () => {
    const whole = Buffer.byteLength(exportMusicXml(odeFixture().score));
    const { tools } = odeFixture({
      exporters: { musicxml: (score) => exportMusicXmlWithinLimit(score, { maxBytes: whole - 1 }) },
    });
    const refused = await tools.invoke('export_score', { format: 'musicxml' });
    expect(refused.ok).toBe(false);
    const text = refused.result.content[0]?.text ?? '';
    expect(text).toContain('The score is too large to export as MusicXML.');
    expect(text).toContain(
      `The score's MusicXML is ${whole} bytes, more than the ${whole - 1} bytes Scorelane reads`,
    );
    expect(text).toContain('Export "lanes" or "midi" instead.');
    const atLimit = odeFixture({
      exporters: { musicxml: (score) => exportMusicXmlWithinLimit(score, { maxBytes: whole }) },
    });
    const written = await atLimit.tools.invoke('export_score', { format: 'musicxml' });
    expect(written.ok && written.output.bytes).toBe(whole);
  });

  it('where the host keeps files, answers a resource_link to the file it wrote, and no content', async () => {
    const files = await folderHost();
    const { tools } = odeFixture({ files, exporters: { musicxml: exportMusicXml } });
    const exported = await tools.invoke('export_score', { format: 'musicxml' });
    if (!exported.ok) throw new Error(exported.result.content[0]?.text);
    expect(exported.output.content).toBeUndefined();
    const [link] = exported.output.resource_links as {
      uri: string;
      name: string;
      mimeType: string;
      size: number;
    }[];
    expect(link).toMatchObject({
      type: 'resource_link',
      name: 'ode.musicxml',
      mimeType: 'application/vnd.recordare.musicxml+xml',
    });
    const written = await readFile(fileURLToPath(link!.uri), 'utf8');
    expect(written.length).toBeGreaterThan(0);
    expect(Buffer.byteLength(written)).toBe(link!.size);
    expect(importMusicXml(written).ok).toBe(true);
    expect(String(exported.output.summary)).toContain(link!.uri);
  });

  it('on a host that keeps no files, answers the content even with inline: false, since it has nowhere else to go', async () => {
    const { tools } = odeFixture();
    const exported = await tools.invoke('export_score', { format: 'lanes', inline: false });
    if (!exported.ok) throw new Error(exported.result.content[0]?.text);
    expect(exported.output.resource_links).toBeUndefined();
    expect(String(exported.output.content)).toContain(
      'P1 s1 v1 m5: F#4=1/4 F#4 G4 A4 | A4 G4 F#4 E4 | D4 D4 E4 F#4 | E4=3/8 D4=1/8 D4=1/2\n',
    );
  });

  it('puts the content inline too on request, below the limit; above it, only the link', async () => {
    const files = await folderHost();
    const { tools } = odeFixture({ files });
    const small = await tools.invoke('export_score', { format: 'lanes', inline: true });
    if (!small.ok) throw new Error(small.result.content[0]?.text);
    expect(String(small.output.content)).toContain(
      'P1 s1 v1 m5: F#4=1/4 F#4 G4 A4 | A4 G4 F#4 E4 | D4 D4 E4 F#4 | E4=3/8 D4=1/8 D4=1/2\n',
    );
    expect(small.output.resource_links).toHaveLength(1);
    const limited = odeFixture({ files, maxInlineExportBytes: 100 });
    const large = await limited.tools.invoke('export_score', { format: 'lanes', inline: true });
    if (!large.ok) throw new Error(large.result.content[0]?.text);
    expect(large.output.content).toBeUndefined();
    expect(String(large.output.summary)).toContain('too large to put inline (over 100 bytes)');
  });

  it('where the host keeps no files, refuses inline content over the limit and says what fits', async () => {
    const { tools } = odeFixture({ maxInlineExportBytes: 100 });
    const refused = await tools.invoke('export_score', { format: 'lanes' });
    expect(refused.ok || refused.error.code).toBe('limit_exceeded');
    expect(refused.result.content[0]?.text).toContain(
      'over the 100 bytes a result may hold inline',
    );
  });

  it('exports compressed MusicXML (.mxl) through the exporter the host injects', async () => {
    const files = await folderHost();
    const { tools } = odeFixture({ files, exporters: { mxl: exportMxl } });
    const exported = await tools.invoke('export_score', { format: 'mxl' });
    if (!exported.ok) throw new Error(exported.result.content[0]?.text);
    const bytes = await readFile(join(files.dir, 'ode.mxl'));
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(importMusicXml(new Uint8Array(bytes)).ok).toBe(true);
    expect(exported.output.bytes).toBe(bytes.length);
  });

  it('exports .lanes of an imported score whose title and part name are printed on several lines', async () => {
    const imported = importMusicXml(LINE_BROKEN_NAMES, { doc: new Y.Doc() });
    if (!imported.ok) throw new Error('the MusicXML does not import');
    const tools = createScoreTools({
      score: imported.score,
      undo: createUndoController(imported.score.doc),
    });
    const exported = await tools.invoke('export_score', { format: 'lanes' });
    expect(exported.result.content[0]?.text).not.toContain('internal error');
    if (!exported.ok) throw new Error('export_score refused');
    expect(String(exported.output.content)).toContain(
      '%% title: Ode to Joy\n%% part P1 name="Long Staff Name" ',
    );
    expect(parseScoreFile(String(exported.output.content)).ok).toBe(true);
  });
});

/** A one-measure score whose title and part name hold line breaks, as in the MusicXML test suite's 41e. */
const LINE_BROKEN_NAMES = `<?xml version="1.0" encoding="UTF-8"?>
<score-partwise version="4.0">
  <movement-title>Ode
to Joy</movement-title>
  <part-list>
    <score-part id="P1"><part-name>Long\r\nStaff\r\nName</part-name></score-part>
  </part-list>
  <part id="P1">
    <measure number="1">
      <attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time><clef><sign>G</sign><line>2</line></clef></attributes>
      <note><pitch><step>C</step><octave>4</octave></pitch><duration>4</duration><type>whole</type></note>
    </measure>
  </part>
</score-partwise>
`;
