/**
 * `@scorelane/undo`: one tool call, one undo step. Explicit undo gestures over
 * `Y.UndoManager` that never undo a collaborator.
 */

export {
  type BindInputGesturesOptions,
  bindInputGestures,
  type InputGestureEvent,
  type InputGestureTarget,
} from './input-gestures';
export type { StepMeta, UndoStep } from './step-meta';
export {
  createUndoController,
  type RunAsStepOptions,
  type UndoController,
  type UndoControllerOptions,
} from './undo-controller';
export type { UndoChange, UndoChangeEvent, UndoChangeListener, UndoState } from './undo-events';
export { UndoMisuseError } from './undo-misuse-error';
export type { UndoResult } from './undo-result';
export type { SharedType, UndoScope } from './undo-scope';
