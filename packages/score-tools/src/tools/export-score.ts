/**
 * `export_score`: the whole score as MusicXML (through the exporter the host
 * injects), `.lanes` text, or a Standard MIDI File in base64.
 */
import { serializeScoreFile } from '@scorelane/lanes-seq';
import { exportMidi, type Score, scoreToLanes, scoreTypes } from '@scorelane/score-model';
import {
  defineTool,
  type ToolRunCall,
  type ToolRunResult,
  toolError,
  toolFail,
  toolOk,
} from '@scorelane/tool-contracts';
import * as z from 'zod';
import { noScoreYet } from '../no-score-yet.ts';
import type { ScoreToolsContext } from '../score-tools-context.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { revisionOutput } from '../tool-fields.ts';

const output = z.object({
  format: z.enum(['musicxml', 'lanes', 'midi']),
  file_name: z.string(),
  mime_type: z.string(),
  encoding: z.enum(['utf-8', 'base64']),
  content: z.string().describe('The file: text for musicxml and lanes, base64 for midi.'),
  bytes: z.number().int().describe('The size of the file in bytes.'),
  revision: revisionOutput,
});

type Output = z.output<typeof output>;

/**
 * `bytes` as base64, in Node and browsers alike.
 *
 * @example
 * ```ts
 * toBase64(new Uint8Array([77, 84, 104, 100])); // 'TVRoZA=='
 * ```
 */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let at = 0; at < bytes.length; at += chunk) {
    binary += String.fromCharCode(...bytes.subarray(at, at + chunk));
  }
  return btoa(binary);
}

function fileBase(score: Score): string {
  const title = scoreTypes(score.doc).meta.get('title');
  const base =
    typeof title === 'string' ? title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') : '';
  return base === '' ? 'score' : base.toLowerCase();
}

function exportText(
  context: ScoreToolsContext,
  format: 'musicxml' | 'lanes',
  text: string,
): ToolRunResult<Output> {
  const extension = format === 'lanes' ? 'lanes' : 'musicxml';
  return toolOk({
    format,
    file_name: `${fileBase(context.score)}.${extension}`,
    mime_type: format === 'lanes' ? 'text/plain' : 'application/vnd.recordare.musicxml+xml',
    encoding: 'utf-8',
    content: text,
    bytes: new TextEncoder().encode(text).length,
    revision: context.revision(),
  });
}

/**
 * The `export_score` tool.
 *
 * @example
 * ```ts
 * await tools.invoke('export_score', { format: 'midi' });
 * ```
 */
export const exportScoreTool = defineTool({
  name: 'export_score',
  title: 'Export score',
  description: TOOL_DESCRIPTIONS.export_score,
  input: z.object({
    format: z.enum(['musicxml', 'lanes', 'midi']).describe('"musicxml", "lanes" or "midi".'),
  }),
  output,
  permission: 'read',
  examples: [{ format: 'musicxml' }],
  run: (args, { context }: ToolRunCall<ScoreToolsContext>) => {
    const missing = noScoreYet(context.score);
    if (missing) return toolFail(missing);
    if (args.format === 'lanes') {
      return exportText(context, 'lanes', serializeScoreFile(scoreToLanes(context.score)));
    }
    if (args.format === 'musicxml') {
      const exporter = context.exporters.musicxml;
      if (!exporter) {
        return toolFail(
          toolError('not_found', 'This host cannot export MusicXML.', [
            {
              path: 'format',
              message: 'No MusicXML exporter was given to the tools.',
              hint: 'Export "lanes" or "midi" instead.',
            },
          ]),
        );
      }
      const exported = exporter(context.score);
      if (typeof exported !== 'string' && !exported.ok) {
        return toolFail(
          toolError(
            'limit_exceeded',
            'The score is too large to export as MusicXML.',
            exported.problems.map((problem) => ({
              path: 'format',
              message: problem.message,
              hint: 'Export "lanes" or "midi" instead.',
            })),
          ),
        );
      }
      const text = typeof exported === 'string' ? exported : exported.content;
      return exportText(context, 'musicxml', text);
    }
    const midi = exportMidi(context.score);
    return toolOk<Output>({
      format: 'midi',
      file_name: `${fileBase(context.score)}.mid`,
      mime_type: 'audio/midi',
      encoding: 'base64',
      content: toBase64(midi.bytes),
      bytes: midi.bytes.length,
      revision: context.revision(),
    });
  },
});
