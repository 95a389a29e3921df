/**
 * The side panel beside the score: tabs (Text, Agents, Proposals,
 * Activity; the arrow keys move between them, as ARIA's tab pattern has
 * it) and a separator that resizes it (dragged, or the arrow keys on it),
 * so the score and every panel are on screen together, the page itself
 * never scrolling past the score.
 */

/** The tabs, by the name of their panel. */
export type SideTab = 'text' | 'agents' | 'proposals' | 'activity';

const TABS: readonly SideTab[] = ['text', 'agents', 'proposals', 'activity'];

/** The side panel: `show` selects a tab (and its panel). */
export interface SidePanel {
  show(tab: SideTab): void;
  shown(): SideTab;
}

/** The narrowest and widest the side panel may be dragged, in CSS pixels. */
const WIDTH_LIMITS = { min: 280, max: 900 } as const;

/**
 * Binds the tabs `#tab-NAME` / `#panel-NAME` and the separator `#side-resize`
 * of `root` (the `.editor` grid, whose `--side-width` it sets).
 *
 * @example
 * ```ts
 * const side = bindSidePanel(document.querySelector('.editor')!);
 * side.show('proposals');
 * ```
 */
export function bindSidePanel(root: HTMLElement): SidePanel {
  let current: SideTab = 'text';
  const tab = (name: SideTab) => root.querySelector<HTMLButtonElement>(`#tab-${name}`);
  const panel = (name: SideTab) => root.querySelector<HTMLElement>(`#panel-${name}`);
  const show = (name: SideTab) => {
    current = name;
    for (const other of TABS) {
      const selected = other === name;
      tab(other)?.setAttribute('aria-selected', String(selected));
      if (tab(other)) tab(other)!.tabIndex = selected ? 0 : -1;
      const shownPanel = panel(other);
      if (shownPanel) shownPanel.hidden = !selected;
    }
  };
  for (const name of TABS) {
    tab(name)?.addEventListener('click', () => show(name));
    tab(name)?.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (step === 0) return;
      event.preventDefault();
      const next = TABS[(TABS.indexOf(name) + step + TABS.length) % TABS.length]!;
      show(next);
      tab(next)?.focus();
    });
  }
  bindResize(root);
  return { show, shown: () => current };
}

function bindResize(root: HTMLElement): void {
  const separator = root.querySelector<HTMLElement>('#side-resize');
  if (separator === null) return;
  const setWidth = (width: number) => {
    const clamped = Math.round(Math.min(WIDTH_LIMITS.max, Math.max(WIDTH_LIMITS.min, width)));
    root.style.setProperty('--side-width', `${clamped}px`);
    separator.setAttribute('aria-valuenow', String(clamped));
  };
  const width = () => root.querySelector('.side-panel')?.getBoundingClientRect().width ?? 0;
  separator.addEventListener('pointerdown', (event) => {
    separator.setPointerCapture(event.pointerId);
    const right = root.getBoundingClientRect().right;
    const move = (moved: PointerEvent) => setWidth(right - moved.clientX);
    const stop = () => {
      separator.removeEventListener('pointermove', move);
      separator.removeEventListener('pointerup', stop);
    };
    separator.addEventListener('pointermove', move);
    separator.addEventListener('pointerup', stop);
  });
  separator.addEventListener('keydown', (event) => {
    const step = event.key === 'ArrowLeft' ? 40 : event.key === 'ArrowRight' ? -40 : 0;
    if (step === 0) return;
    event.preventDefault();
    setWidth(width() + step);
  });
}
