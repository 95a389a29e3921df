/**
 * The user-activation rule: some things a page may do only after the person
 * has clicked or pressed a key in it (start audio, go fullscreen, open a
 * window). A tool that does such a thing, called by an agent before any
 * gesture, would hang or fail quietly; the bridge answers at once instead.
 */
import {
  errorResult,
  NOTHING_WAS_CHANGED,
  type ToolCallResult,
  toolError,
} from '@scorelane/tool-contracts';
import type { BrowserScope } from './model-context.ts';

/**
 * Whether the page has had a user gesture (sticky activation,
 * `navigator.userActivation.hasBeenActive`); `undefined` where the browser
 * cannot tell, in which case the bridge lets the call through and the tool
 * decides.
 *
 * @example
 * ```ts
 * pageHasUserActivation(); // false until the first click or key press
 * ```
 */
export function pageHasUserActivation(
  scope: BrowserScope = globalThis as BrowserScope,
): boolean | undefined {
  return scope.navigator?.userActivation?.hasBeenActive;
}

/**
 * The answer to a call of a tool that needs a user gesture when the page has
 * had none: a `permission_denied` refusal that says what the person must do.
 *
 * @example
 * ```ts
 * userActivationRefusal('play').content[0]?.text;
 * // 'Nothing was changed.\nplay needs a user gesture, and this page has had none yet: ...'
 * ```
 */
export function userActivationRefusal(toolName: string): ToolCallResult {
  const error = toolError(
    'permission_denied',
    `${toolName} needs a user gesture, and this page has had none yet: the browser allows it only after the person has clicked or pressed a key in the page.`,
    [
      {
        message: 'No click or key press in this page yet.',
        hint: `Ask the user to click anywhere in the page, then call ${toolName} again.`,
      },
    ],
  );
  return errorResult(error, true);
}

/**
 * The line appended to the description of a tool that needs a user gesture,
 * so an agent knows before it calls.
 *
 * @example
 * ```ts
 * `${tool.description}\n\n${USER_ACTIVATION_NOTE}`;
 * ```
 */
export const USER_ACTIVATION_NOTE =
  'In the browser this tool needs a user gesture: until the person has clicked or pressed a key in the page, it refuses at once. ' +
  `A refusal starts with "${NOTHING_WAS_CHANGED}".`;
