/**
 * Reading and writing score files by their extension. `.lanes` is handled
 * here; MusicXML and MIDI come with the packages that read and write them.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import {
  type LanesDocument,
  type LanesIssue,
  parse,
  parseScoreFile,
  serializeScoreFile,
} from '@scorelane/lanes-seq';
import { type Score, scoreFromLanes, scoreToLanes } from '@scorelane/score-model';
import * as Y from 'yjs';
import { UsageError } from './arguments.ts';

/** What a file holds once read. */
export type LoadedFile =
  | { readonly kind: 'score'; readonly score: Score }
  | { readonly kind: 'lanes'; readonly document: LanesDocument; readonly text: string }
  | { readonly kind: 'invalid'; readonly issues: readonly LanesIssue[] };

const LATER: Readonly<Record<string, string>> = {
  '.musicxml': 'MusicXML needs @scorelane/musicxml',
  '.xml': 'MusicXML needs @scorelane/musicxml',
  '.mxl': 'MusicXML needs @scorelane/musicxml',
  '.mid': 'MIDI needs the MIDI exporter',
};

/** Refuses file types this command cannot handle yet. */
export function checkFormat(path: string): void {
  const extension = extname(path).toLowerCase();
  if (extension === '.lanes') return;
  const later = LATER[extension];
  throw new UsageError(
    later
      ? `${path}: ${later}, which this build of scorelane does not include yet; use .lanes files.`
      : `${path}: scorelane reads and writes .lanes files (lanes-seq with a header).`,
  );
}

/**
 * Reads a `.lanes` file: a score file when it has `%%` directives, else a
 * plain lanes-seq document.
 *
 * @throws UsageError for a file type other than `.lanes`; the file system's error when it cannot be read.
 */
export async function loadFile(path: string, origin = 'scorelane-cli'): Promise<LoadedFile> {
  checkFormat(path);
  const text = await readFile(path, 'utf8');
  if (/^\uFEFF?[ \t]*%%/m.test(text)) {
    const file = parseScoreFile(text);
    if (!file.ok) return { kind: 'invalid', issues: file.issues };
    const score = scoreFromLanes(file.score.header, file.score.document, {
      doc: new Y.Doc(),
      origin,
    });
    return { kind: 'score', score };
  }
  const parsed = parse(text);
  return parsed.ok
    ? { kind: 'lanes', document: parsed.document, text }
    : { kind: 'invalid', issues: parsed.issues };
}

/**
 * Writes a score as a `.lanes` file, whole or not at all: to a temporary
 * file beside it, then renamed over it.
 */
export async function saveScore(path: string, score: Score): Promise<void> {
  checkFormat(path);
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, serializeScoreFile(scoreToLanes(score)), 'utf8');
  await rename(temporary, path);
}
