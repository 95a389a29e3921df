/**
 * A small catalog over a real Y.Doc, for the generic tests: named notes whose
 * every change moves a document revision and records, per note, the revision
 * that last wrote it. `write_note` judges staleness on its own note, and it
 * awaits between that check and the write, as a tool that plans first does:
 * without one call at a time, two writes could both pass the check.
 */
import {
  createToolPipeline,
  defineCatalog,
  defineTool,
  type ToolRunCall,
  toolError,
  toolFail,
  toolOk,
  writeFields,
} from '@scorelane/tool-contracts';
import * as Y from 'yjs';
import * as z from 'zod';
import type { CatalogResource } from '../src/index.ts';

/** The document: notes by key, the revision, and which revision wrote each note. */
export class NotesDocument {
  readonly doc = new Y.Doc();
  readonly notes: Y.Map<string> = this.doc.getMap('notes');
  readonly writtenAt: Y.Map<number> = this.doc.getMap('written_at');
  readonly meta: Y.Map<number> = this.doc.getMap('meta');
  /** Every run of `write_note` that reached the write. */
  writes = 0;

  revision(): string {
    return `r${this.version()}`;
  }

  version(): number {
    return this.meta.get('version') ?? 0;
  }

  write(key: string, text: string): void {
    this.doc.transact(() => {
      const next = this.version() + 1;
      this.meta.set('version', next);
      this.notes.set(key, text);
      this.writtenAt.set(key, next);
    });
    this.writes += 1;
  }

  /** The notes as plain JSON, to compare before and after. */
  snapshot(): Record<string, string> {
    return this.notes.toJSON() as Record<string, string>;
  }
}

type Call = ToolRunCall<NotesDocument>;

const noteKey = z
  .string()
  .regex(/^[a-z0-9-]{1,32}$/)
  .describe('The note, in lowercase letters, digits and dashes.');

export const readNotes = defineTool({
  name: 'read_notes',
  title: 'Read notes',
  description: 'Lists the notes with the current revision.',
  input: z.object({ keys: z.array(noteKey).max(50).optional().describe('Only these notes.') }),
  output: z.object({
    notes: z.array(z.object({ key: z.string(), text: z.string() })),
    revision: z.string(),
  }),
  permission: 'read',
  examples: [{}, { keys: ['intro'] }],
  run: (args, { context }: Call) => {
    const entries = [...context.notes.entries()].sort(([a], [b]) => a.localeCompare(b));
    const wanted =
      args.keys === undefined ? entries : entries.filter(([key]) => args.keys?.includes(key));
    return toolOk({
      notes: wanted.map(([key, text]) => ({ key, text })),
      revision: context.revision(),
    });
  },
});

export const writeNote = defineTool({
  name: 'write_note',
  title: 'Write note',
  description:
    'Sets the text of a note. With `revision`, refused as stale when the note changed after that revision.',
  input: z.object({
    key: noteKey,
    text: z.string().max(500).describe('The new text; not blank.'),
    ...writeFields,
  }),
  output: z.object({ key: z.string(), revision: z.string() }),
  permission: 'write',
  annotations: { destructive: true, idempotent: true },
  examples: [{ key: 'intro', text: 'Hello', revision: 'r3' }],
  run: async (args, { context }: Call) => {
    if (args.text.trim() === '') {
      return toolFail(
        toolError('nothing_changed', `The note ${args.key} was not written.`, [
          { path: 'text', message: 'The text is blank.', hint: 'Send the text of the note.' },
        ]),
      );
    }
    const stale = staleness(context, args.key, args.revision);
    if (stale !== undefined) return toolFail(stale);
    await new Promise((resolve) => setImmediate(resolve));
    if (args.dry_run !== true) context.write(args.key, args.text);
    return toolOk({ key: args.key, revision: context.revision() }, [`note:${args.key}`]);
  },
});

function staleness(context: NotesDocument, key: string, revision: string | undefined) {
  if (revision === undefined) return undefined;
  const read = Number(/^r(\d+)$/.exec(revision)?.[1] ?? Number.NaN);
  const written = context.writtenAt.get(key) ?? 0;
  if (!Number.isNaN(read) && written <= read) return undefined;
  return toolError('stale_revision', `The note ${key} changed since ${revision}.`, [
    {
      path: 'revision',
      message: `${key} was written at r${written}; you read ${revision}.`,
      hint: 'Call read_notes again, then retry with its revision.',
    },
  ]);
}

export const notesCatalog = defineCatalog([readNotes, writeNote]);

/** A generic extra resource: a guide to the notes, read fresh on every request. */
export function notesGuide(notes: NotesDocument): CatalogResource {
  return {
    uri: 'notes://guide',
    name: 'guide',
    title: 'How notes work',
    mimeType: 'text/markdown',
    read: () => `# Notes\n${notes.notes.size} notes, ${notes.writes} writes.`,
  };
}

/** A fresh document and its pipeline. */
export function createNotes() {
  const notes = new NotesDocument();
  const pipeline = createToolPipeline({ catalog: notesCatalog, context: notes });
  return { notes, pipeline };
}
