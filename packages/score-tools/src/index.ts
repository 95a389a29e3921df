/**
 * `@scorelane/score-tools`: the score tool catalog every agent calls.
 */
export {
  type ActivityActor,
  type ActivityChange,
  type ActivityEntry,
  activityChangeOf,
  activityChangeOfProposal,
  activityChangeOfReview,
  rangePhrase,
  readActivityEntry,
} from './activity-entry.ts';
export {
  ACTIVITY_LOG_ORIGIN,
  ACTIVITY_LOG_ROOT,
  type ActivityLog,
  DEFAULT_ACTIVITY_CAP,
  openActivityLog,
  touchesOnlyActivity,
  touchesOnlySharedState,
} from './activity-log.ts';
export type { ActivityOptions } from './activity-recording.ts';
export { scoreToolCatalog, writeSpecFor } from './catalog.ts';
export {
  createScoreTools,
  type ScoreTools,
  type ScoreToolsOptions,
} from './create-score-tools.ts';
export {
  type ExportedFile,
  type KeptFile,
  MAX_INLINE_EXPORT_BYTES,
  type ScoreFileHost,
} from './export-files.ts';
export {
  IMPORT_WARNINGS_SHOWN,
  type ImportWarning,
  importWarningsSummary,
} from './import-warnings.ts';
export { INSTRUMENT_RANGES, type InstrumentRange, instrumentFor } from './instrument-ranges.ts';
export { INSTRUMENTS, type Instrument, instrumentNamed } from './instruments.ts';
export { MAX_WARNINGS, musicalWarnings } from './musical-warnings.ts';
export { type NewScoreRequest, newScore } from './new-score.ts';
export {
  type AgentScope,
  NOTHING_SCOPE,
  OVERSIGHT_ORIGIN,
  OVERSIGHT_ROOT,
  type OversightSettings,
  openOversightSettings,
  type SettingAuthor,
} from './oversight-settings.ts';
export type { PlayOutcome, PlayRequest, ScorePlayer } from './player.ts';
export {
  DEFAULT_PROPOSAL_CAP,
  openProposalStore,
  PROPOSALS_ROOT,
  type Proposal,
  type ProposalChange,
  type ProposalDecision,
  type ProposalState,
  type ProposalStore,
  readProposal,
} from './proposal-store.ts';
export type {
  ReviewDesk,
  ReviewOptions,
  ReviewProposal,
  ScoreReviewSession,
} from './review-desk.ts';
export {
  planTargets,
  type ScoreScopeInput,
  type ScoreTarget,
  scoreScope,
} from './score-scope.ts';
export type {
  ExportedBytes,
  ExportedContent,
  ExportedText,
  ScoreExporters,
  ScoreToolsContext,
} from './score-tools-context.ts';
export { createMemorySelection, type ScoreSelection, type SelectionHost } from './selection.ts';
export { FORMAT_GUIDE_URI, scoreToolsInstructions } from './server-instructions.ts';
export type { OversightOptions, ProposalOutcome, SharedReview } from './shared-review.ts';
export { estimateTokens, SYNOPSIS_TOKEN_BUDGET, scoreSynopsis } from './synopsis.ts';
export { TOOL_DESCRIPTIONS } from './tool-descriptions.ts';
export type { WriteSpec } from './write-flow.ts';
export {
  type MusicalWarning,
  musicalWarningSchema,
  type UnitChangeOutput,
  unitChangeSchema,
  type WriteOutput,
  writeOutputSchema,
} from './write-output.ts';
