import { describe, expect, it } from 'vitest';
import { type StepMeta, toStepMeta } from './step-meta.ts';
import { UndoMisuseError } from './undo-misuse-error.ts';

describe('toStepMeta', () => {
  it('returns a frozen copy with only the known fields', () => {
    const input = { actor: 'agent', toolCallId: 'call_1', label: 'Rewrite', extra: 1 };
    const meta = toStepMeta(input);

    expect(meta).toEqual({ actor: 'agent', toolCallId: 'call_1', label: 'Rewrite' });
    expect(Object.isFrozen(meta)).toBe(true);
    expect(meta).not.toBe(input);
  });

  it('refuses meta that is not an object or has no actor', () => {
    expect(() => toStepMeta(null as unknown as StepMeta)).toThrow(UndoMisuseError);
    expect(() => toStepMeta({} as StepMeta)).toThrow(/actor/);
    expect(() => toStepMeta({ actor: '' })).toThrow(/actor/);
  });

  it('refuses a tool call id or label that is not a string', () => {
    expect(() => toStepMeta({ actor: 'agent', toolCallId: 7 } as unknown as StepMeta)).toThrow(
      /toolCallId/,
    );
    expect(() => toStepMeta({ actor: 'agent', label: {} } as unknown as StepMeta)).toThrow(/label/);
  });
});
