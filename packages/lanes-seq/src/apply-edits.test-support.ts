/**
 * Applies the `edit` of every issue that has one, as a tool that trusts the
 * hints would. Not part of the published package.
 */
import type { LanesIssue, TextEdit } from './issue.ts';

/** The text with every issue's edit applied; the same edit given by two issues is applied once. */
export function applyEdits(text: string, issues: readonly LanesIssue[]): string {
  const unique = new Map<string, TextEdit>();
  for (const issue of issues) {
    if (issue.edit)
      unique.set(`${issue.edit.start} ${issue.edit.end} ${issue.edit.text}`, issue.edit);
  }
  const edits = [...unique.values()].sort((a, b) => b.start - a.start || b.end - a.end);
  let fixed = text;
  let limit = Number.POSITIVE_INFINITY;
  for (const edit of edits) {
    if (edit.end > limit) throw new Error(`Overlapping edits at ${edit.start}-${edit.end}.`);
    fixed = fixed.slice(0, edit.start) + edit.text + fixed.slice(edit.end);
    limit = edit.start;
  }
  return fixed;
}
