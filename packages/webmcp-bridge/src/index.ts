/**
 * `@scorelane/webmcp-bridge`: any tool-contracts catalog, registered with the
 * page's WebMCP (`document.modelContext`), in step with the host's role and
 * readiness.
 */

export type { EnsureModelContextOptions, WebMcpPolyfill } from './ensure-model-context.ts';
export { ensureModelContext } from './ensure-model-context.ts';
export type { ExecutedWebMcpTool } from './execute-web-mcp-tool.ts';
export { executeWebMcpTool } from './execute-web-mcp-tool.ts';
export type { ModelContextLookup, ModelContextSource } from './find-model-context.ts';
export { findModelContext } from './find-model-context.ts';
export type {
  BrowserScope,
  RegisteredWebMcpTool,
  WebMcpModelContext,
  WebMcpRegisterOptions,
  WebMcpTool,
} from './model-context.ts';
export type { RegistrationReport } from './registration.ts';
export {
  pageHasUserActivation,
  USER_ACTIVATION_NOTE,
  userActivationRefusal,
} from './user-activation.ts';
export type { WebMcpBridge, WebMcpBridgeOptions } from './web-mcp-bridge.ts';
export { createWebMcpBridge } from './web-mcp-bridge.ts';
export type { WebMcpHost } from './web-mcp-host.ts';
