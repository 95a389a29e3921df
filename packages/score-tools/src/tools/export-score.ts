/**
 * `export_score`: the whole score as MusicXML or compressed MusicXML
 * (through the exporters the host injects), `.lanes` text, or a Standard
 * MIDI File; kept as a file by a host that keeps files (the answer links to
 * it), inline on request or where the host keeps none, up to a size limit.
 */
import { serializeScoreFile } from '@scorelane/lanes-seq';
import { exportMidi, type Score, scoreToLanes, scoreTypes } from '@scorelane/score-model';
import {
  defineTool,
  type ToolError,
  type ToolRunCall,
  type ToolRunResult,
  toolError,
  toolFail,
  toolOk,
} from '@scorelane/tool-contracts';
import * as z from 'zod';
import type { ExportedFile, KeptFile } from '../export-files.ts';
import { noScoreYet } from '../no-score-yet.ts';
import type { ExportedContent, ScoreToolsContext } from '../score-tools-context.ts';
import { TOOL_DESCRIPTIONS } from '../tool-descriptions.ts';
import { revisionOutput } from '../tool-fields.ts';

const FORMATS = ['musicxml', 'mxl', 'lanes', 'midi'] as const;
type Format = (typeof FORMATS)[number];

const output = z.object({
  format: z.enum(FORMATS),
  summary: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  bytes: z.number().int().describe('The size of the file in bytes.'),
  /** The file the host kept, as MCP `resource_link` blocks (an MCP server sends them as content too). */
  resource_links: z
    .array(
      z.object({
        type: z.literal('resource_link'),
        uri: z.string(),
        name: z.string(),
        mimeType: z.string(),
        size: z.number().int(),
      }),
    )
    .optional(),
  encoding: z.enum(['utf-8', 'base64']).optional(),
  content: z.string().optional().describe('Inline: text for musicxml and lanes, else base64.'),
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

/** A file of the score in `format`, or the refusal when the host cannot write that format. */
function scoreFile(
  context: ScoreToolsContext,
  format: Format,
): { file: ExportedFile; text?: string } | ToolError {
  const base = fileBase(context.score);
  if (format === 'lanes') {
    const text = serializeScoreFile(scoreToLanes(context.score));
    const bytes = new TextEncoder().encode(text);
    return { file: { name: `${base}.lanes`, mimeType: 'text/plain', bytes }, text };
  }
  if (format === 'midi') {
    const bytes = exportMidi(context.score).bytes;
    return { file: { name: `${base}.mid`, mimeType: 'audio/midi', bytes } };
  }
  if (format === 'mxl') {
    const exporter = context.exporters.mxl;
    if (!exporter) return noExporter('compressed MusicXML (.mxl)', 'mxl', '"musicxml"');
    const exported = checkedContent(exporter(context.score), 'compressed MusicXML');
    if (!exported.ok) return exported.refusal;
    const bytes = exported.content;
    return {
      file: { name: `${base}.mxl`, mimeType: 'application/vnd.recordare.musicxml', bytes },
    };
  }
  const exporter = context.exporters.musicxml;
  if (!exporter) return noExporter('MusicXML', 'musicxml', '"lanes" or "midi"');
  const exported = checkedContent(exporter(context.score), 'MusicXML');
  if (!exported.ok) return exported.refusal;
  const text = exported.content;
  const bytes = new TextEncoder().encode(text);
  return {
    file: { name: `${base}.musicxml`, mimeType: 'application/vnd.recordare.musicxml+xml', bytes },
    text,
  };
}

/** An exporter's content, or its refusal of a score too large to read again as `limit_exceeded`. */
function checkedContent<T extends string | Uint8Array>(
  exported: ExportedContent<T>,
  what: string,
): { ok: true; content: T } | { ok: false; refusal: ToolError } {
  if (typeof exported === 'string' || exported instanceof Uint8Array) {
    return { ok: true, content: exported as T };
  }
  if (exported.ok) return exported;
  const refusal = toolError(
    'limit_exceeded',
    `The score is too large to export as ${what}.`,
    exported.problems.map((problem) => ({
      path: 'format',
      message: problem.message,
      hint: 'Export "lanes" or "midi" instead.',
    })),
  );
  return { ok: false, refusal };
}

function noExporter(what: string, exporter: string, instead: string): ToolError {
  return toolError('not_found', `This host cannot export ${what}.`, [
    {
      path: 'format',
      message: `No ${exporter} exporter was given to the tools.`,
      hint: `Export ${instead} instead.`,
    },
  ]);
}

/** The refusal of inline content over the limit from a host that keeps no files. */
function tooLargeInline(file: ExportedFile, limit: number): ToolError {
  return toolError(
    'limit_exceeded',
    `${file.name} is ${file.bytes.length} bytes, over the ${limit} bytes a result may hold inline, and this host keeps no files.`,
    [
      {
        path: 'format',
        message: 'Too large to send inline.',
        hint: 'Export "midi" (smaller), or read the score with read_measures in ranges.',
      },
    ],
  );
}

/** Runs an export: the file, kept by the host when it keeps files, inline when asked or nowhere else to go. */
async function runExport(
  context: ScoreToolsContext,
  format: Format,
  inline: boolean | undefined,
): Promise<ToolRunResult<Output>> {
  const made = scoreFile(context, format);
  if ('code' in made) return toolFail(made);
  const { file, text } = made;
  const size = file.bytes.length;
  const limit = context.maxInlineExportBytes;
  let kept: KeptFile | undefined;
  if (context.files) {
    try {
      kept = await context.files.keep(file);
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      return toolFail(toolError('internal', `The host could not keep ${file.name}: ${reason}`));
    }
  }
  // A host that keeps no files has nowhere else to put it: inline, whatever `inline` says.
  const wantsInline = inline === true || kept === undefined;
  if (wantsInline && size > limit && kept === undefined)
    return toolFail(tooLargeInline(file, limit));
  const inlined = wantsInline && size <= limit;
  const where = kept === undefined ? '' : `, kept as ${kept.uri}`;
  const inlineNote = inlined
    ? '; its content is inline'
    : wantsInline
      ? `; too large to put inline (over ${limit} bytes): open the link`
      : '';
  return toolOk<Output>({
    format,
    summary: `Exported ${kept?.name ?? file.name} (${size} bytes${where})${inlineNote}.`,
    file_name: kept?.name ?? file.name,
    mime_type: file.mimeType,
    bytes: size,
    ...(kept === undefined
      ? {}
      : {
          resource_links: [
            {
              type: 'resource_link' as const,
              uri: kept.uri,
              name: kept.name,
              mimeType: file.mimeType,
              size,
            },
          ],
        }),
    ...(inlined
      ? text === undefined
        ? { encoding: 'base64' as const, content: toBase64(file.bytes) }
        : { encoding: 'utf-8' as const, content: text }
      : {}),
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
    format: z.enum(FORMATS),
    inline: z.boolean().optional(),
  }),
  output,
  permission: 'read',
  examples: [{ format: 'musicxml' }],
  run: (args, { context }: ToolRunCall<ScoreToolsContext>) => {
    const missing = noScoreYet(context.score);
    if (missing) return toolFail(missing);
    return runExport(context, args.format, args.inline);
  },
});
