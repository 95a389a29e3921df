export type { Access, AccessPolicy } from './access.ts';
export { accessRefusal, allowedTools, listTools, mayCall, resolveAccess } from './access.ts';
export type {
  McpToolAnnotations,
  ToolAnnotations,
  ToolAnnotationsInput,
  WebMcpToolAnnotations,
} from './annotations.ts';
export { resolveAnnotations, toMcpAnnotations, toWebMcpAnnotations } from './annotations.ts';
export { argumentProblems, formatPath } from './argument-problems.ts';
export type { AuditEvent, AuditSink, AuditStatus } from './audit.ts';
export { createAuditLog } from './audit.ts';
export { newId } from './call-id.ts';
export type { TextContent, ToolCallResult } from './call-result.ts';
export { errorResult, replayedResult, successResult } from './call-result.ts';
export type { CatalogTool, ToolCatalog } from './catalog.ts';
export { defineCatalog } from './catalog.ts';
export type { Tool, ToolDefinition, ToolRunCall, ToolRunResult } from './define-tool.ts';
export {
  defineTool,
  EXAMPLES_HEADING,
  renderDescription,
  toolFail,
  toolOk,
} from './define-tool.ts';
export type {
  IdempotencyRecord,
  IdempotencyStore,
  MemoryIdempotencyStoreOptions,
} from './idempotency-store.ts';
export { createMemoryIdempotencyStore } from './idempotency-store.ts';
export type { InvokeOptions, ToolInvocation, ToolPipeline, ToolPipelineOptions } from './invoke.ts';
export { createToolPipeline } from './invoke.ts';
export type { JsonSchemaObject } from './json-schema.ts';
export { JSON_SCHEMA_DIALECT, objectJsonSchema } from './json-schema.ts';
export type {
  ManifestEntry,
  McpToolDescriptor,
  ToolManifest,
  WebMcpToolDescriptor,
} from './manifest.ts';
export {
  scopeNote,
  toMcpTool,
  toolManifest,
  toolManifestEntry,
  toWebMcpTool,
} from './manifest.ts';
export type { RoleTable, ToolPermission } from './permissions.ts';
export { DEFAULT_ROLES, permissionsOf, roleAllows } from './permissions.ts';
export type {
  ApplyOutcome,
  PlanOutcome,
  ReviewAuditEvent,
  ReviewDriver,
  ReviewDriverOptions,
  ReviewFailureStage,
  ReviewHost,
} from './review-driver.ts';
export { createReviewDriver } from './review-driver.ts';
export type {
  NewReviewSession,
  ReviewAction,
  ReviewHistoryEntry,
  ReviewMode,
  ReviewRefusal,
  ReviewSession,
  ReviewStep,
} from './review-session.ts';
export {
  createReviewSession,
  reduceReviewSession,
  reviewSessionSchema,
  toolErrorSchema,
} from './review-session.ts';
export type { ReviewActionType, ReviewState } from './review-states.ts';
export {
  allowedReviewActions,
  canTakeAction,
  canTransition,
  isTerminalReviewState,
  REVIEW_ACTIONS,
  REVIEW_STATES,
  REVIEW_TRANSITIONS,
} from './review-states.ts';
export { canonicalJson, fnv1a64, stableDigest } from './stable-digest.ts';
export type {
  FormatToolErrorOptions,
  ToolError,
  ToolErrorCode,
  ToolErrorOf,
  ToolProblem,
} from './tool-error.ts';
export {
  formatToolError,
  isToolError,
  isToolErrorCode,
  MAX_LISTED_PROBLEMS,
  MAY_HAVE_CHANGED,
  NOTHING_WAS_CHANGED,
  revisionNowLine,
  TOOL_ERROR_CODES,
  toolError,
} from './tool-error.ts';
export { writeFields } from './write-fields.ts';
export type { ScopeDescription, WriteScope } from './write-scope.ts';
export { describeScope, scopeRefusal } from './write-scope.ts';
