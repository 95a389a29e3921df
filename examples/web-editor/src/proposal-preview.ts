/**
 * The before and after of a review proposal, as MusicXML of the whole
 * score and the measure range to engrave: the after is the proposal's plan
 * applied to a copy of the document (`Y.applyUpdate` into a scratch Y.Doc),
 * so nothing is written to the real one.
 */
import { exportMusicXml } from '@scorelane/musicxml';
import { apply, openScore, type Score, scoreInfo } from '@scorelane/score-model';
import { type Proposal, writeSpecFor } from '@scorelane/score-tools';
import * as Y from 'yjs';

/** One side of a preview: the score as MusicXML, and the measures to show. */
export interface PreviewSide {
  readonly musicXml: string;
  readonly start: number;
  readonly end: number;
}

/** The two sides, or why the proposal cannot be previewed now. */
export type ProposalPreview =
  | { readonly ok: true; readonly before: PreviewSide; readonly after: PreviewSide }
  | { readonly ok: false; readonly message: string };

/**
 * Previews `proposal` (the document's record of it) against `score` as it is now.
 *
 * @example
 * ```ts
 * const preview = previewProposal(score, tools.proposals!.get(id)!);
 * if (preview.ok) engraver.engrave(preview.after.musicXml, preview.after.start, preview.after.end);
 * ```
 */
export function previewProposal(
  score: Score,
  proposal: Pick<Proposal, 'tool' | 'args' | 'range'>,
): ProposalPreview {
  const range = proposal.range;
  const scratch = new Y.Doc();
  Y.applyUpdate(scratch, Y.encodeStateAsUpdate(score.doc));
  const copy = openScore(scratch);
  const planned = writeSpecFor(proposal).plan(copy, undefined);
  if (!planned.ok) return { ok: false, message: 'The proposal no longer plans on this score.' };
  const applied = apply(copy, planned.plan);
  if (!applied.ok) return { ok: false, message: 'The proposal no longer applies to this score.' };
  return {
    ok: true,
    before: side(score, planned.plan.range.start, planned.plan.range.end),
    after: side(copy, range.start_measure, range.end_measure),
  };
}

/** The score's MusicXML and `start`-`end` kept inside its measures. */
function side(score: Score, start: number, end: number): PreviewSide {
  const count = Math.max(1, scoreInfo(score).measureCount);
  const last = Math.max(1, Math.min(end, count));
  return { musicXml: exportMusicXml(score), start: Math.max(1, Math.min(start, last)), end: last };
}
