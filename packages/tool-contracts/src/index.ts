export type {
  McpToolAnnotations,
  ToolAnnotations,
  ToolAnnotationsInput,
  WebMcpToolAnnotations,
} from './annotations';
export { resolveAnnotations, toMcpAnnotations, toWebMcpAnnotations } from './annotations';
export { argumentProblems, formatPath } from './argument-problems';
export type { AuditEvent, AuditSink, AuditStatus } from './audit';
export { createAuditLog } from './audit';
export { newId } from './call-id';
export type { TextContent, ToolCallResult } from './call-result';
export { errorResult, successResult } from './call-result';
export type { CatalogTool, ToolCatalog } from './catalog';
export { defineCatalog, listTools } from './catalog';
export type { Tool, ToolDefinition, ToolRunCall, ToolRunResult } from './define-tool';
export { defineTool, EXAMPLES_HEADING, renderDescription, toolFail, toolOk } from './define-tool';
export type {
  IdempotencyRecord,
  IdempotencyStore,
  MemoryIdempotencyStoreOptions,
} from './idempotency-store';
export { createMemoryIdempotencyStore } from './idempotency-store';
export type { InvokeOptions, ToolInvocation, ToolPipeline, ToolPipelineOptions } from './invoke';
export { createToolPipeline } from './invoke';
export type { JsonSchemaObject } from './json-schema';
export { JSON_SCHEMA_DIALECT, objectJsonSchema } from './json-schema';
export type {
  ManifestEntry,
  McpToolDescriptor,
  ToolManifest,
  WebMcpToolDescriptor,
} from './manifest';
export { toMcpTool, toolManifest, toolManifestEntry, toWebMcpTool } from './manifest';
export type { RoleTable, ToolPermission } from './permissions';
export { DEFAULT_ROLES, permissionsOf, roleAllows } from './permissions';
export type {
  ApplyOutcome,
  PlanOutcome,
  ReviewDriver,
  ReviewDriverOptions,
  ReviewHost,
} from './review-driver';
export { createReviewDriver } from './review-driver';
export type {
  NewReviewSession,
  ReviewAction,
  ReviewHistoryEntry,
  ReviewMode,
  ReviewRefusal,
  ReviewSession,
  ReviewStep,
} from './review-session';
export {
  createReviewSession,
  reduceReviewSession,
  reviewSessionSchema,
  toolErrorSchema,
} from './review-session';
export type { ReviewActionType, ReviewState } from './review-states';
export {
  allowedReviewActions,
  canTakeAction,
  canTransition,
  isTerminalReviewState,
  REVIEW_ACTIONS,
  REVIEW_STATES,
  REVIEW_TRANSITIONS,
} from './review-states';
export { canonicalJson, fnv1a64, stableDigest } from './stable-digest';
export type {
  FormatToolErrorOptions,
  ToolError,
  ToolErrorCode,
  ToolErrorOf,
  ToolProblem,
} from './tool-error';
export {
  formatToolError,
  isToolError,
  isToolErrorCode,
  NOTHING_WAS_CHANGED,
  TOOL_ERROR_CODES,
  toolError,
} from './tool-error';
export { writeFields } from './write-fields';
