/**
 * The notes catalog served over stdio, as a host process would: the child
 * process the stdio tests start. `--role viewer` serves the read tools only;
 * `--max-message-bytes N` sets the size limit of messages.
 */
import { serveCatalogStdio } from '../src/index.ts';
import { createNotes, notesGuide } from './notes-catalog.ts';

const role = process.argv.includes('--role')
  ? process.argv[process.argv.indexOf('--role') + 1]
  : 'editor';
const maxMessageBytes = process.argv.includes('--max-message-bytes')
  ? Number(process.argv[process.argv.indexOf('--max-message-bytes') + 1])
  : undefined;
const { notes, pipeline } = createNotes();
serveCatalogStdio(
  {
    pipeline,
    role: role ?? 'editor',
    name: 'notes',
    version: '1.0.0',
    resources: [notesGuide(notes)],
  },
  undefined,
  (error) => process.stderr.write(`${error.message}\n`),
  {
    ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
    oversizedResultHint: 'Read fewer notes at a time (keys).',
  },
);
