/**
 * The keyboard help: a `<details>` listing the keys, opened and closed with
 * `?` from anywhere but a text field.
 */

/** Toggles `help` on `?`; returns the unbind. */
export function bindKeyboardHelp(help: HTMLDetailsElement): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) {
      if (!(target instanceof HTMLInputElement && ['radio', 'checkbox'].includes(target.type)))
        return;
    }
    event.preventDefault();
    help.open = !help.open;
    if (help.open) help.querySelector('summary')?.focus();
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}
