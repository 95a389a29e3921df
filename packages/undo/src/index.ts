/**
 * `@scorelane/undo`: one tool call, one undo step. Explicit undo gestures over
 * `Y.UndoManager` that never undo a collaborator.
 */

export { createUndoController } from './create-undo-controller.ts';
export {
  type BindInputGesturesOptions,
  bindInputGestures,
  type InputGestureEvent,
  type InputGestureTarget,
} from './input-gestures.ts';
export type { StepMeta, UndoStep } from './step-meta.ts';
export type {
  RunAsStepOptions,
  UndoController,
  UndoControllerOptions,
} from './undo-controller.ts';
export type { UndoChange, UndoChangeEvent, UndoChangeListener, UndoState } from './undo-events.ts';
export { UndoMisuseError } from './undo-misuse-error.ts';
export type { UndoResult } from './undo-result.ts';
export type { SharedType, UndoScope } from './undo-scope.ts';
