import { describe, expect, it } from 'vitest';
import { type PlaybackKeyPress, togglesPlayback } from './playback-controls.ts';

const press = (key: string, more: Partial<PlaybackKeyPress> = {}): PlaybackKeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inTextField: false,
  onScore: false,
  ...more,
});

describe('the playback keys', () => {
  it('P toggles playback anywhere but in a text field', () => {
    expect(togglesPlayback(press('p'))).toBe(true);
    expect(togglesPlayback(press('P'))).toBe(true);
    expect(togglesPlayback(press('p', { onScore: true }))).toBe(true);
    expect(togglesPlayback(press('p', { inTextField: true }))).toBe(false);
  });

  it('Space toggles playback only while the score has focus', () => {
    expect(togglesPlayback(press(' ', { onScore: true }))).toBe(true);
    expect(togglesPlayback(press(' '))).toBe(false);
  });

  it('leaves Ctrl, Cmd and Alt combinations (Ctrl+P prints) to the browser', () => {
    expect(togglesPlayback(press('p', { ctrlKey: true }))).toBe(false);
    expect(togglesPlayback(press('p', { metaKey: true }))).toBe(false);
    expect(togglesPlayback(press(' ', { altKey: true, onScore: true }))).toBe(false);
  });
});
