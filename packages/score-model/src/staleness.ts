/**
 * Judging a write stale on what it touches alone: the units it replaces,
 * the units its ties reach into, the measures whose signatures it relies on,
 * and whether measures were inserted or deleted where they would move its
 * measure indexes.
 */
import { entryId } from './layout.ts';
import type { Problem } from './problem.ts';
import { hasSeen, type Seen, wasDeleted } from './revision.ts';
import type { ScoreView } from './score-view.ts';
import { unitName } from './unit-lanes.ts';

/** A unit by 1-based part, staff and measure. */
export interface UnitRef {
  readonly part: number;
  readonly staff: number;
  readonly measure: number;
}

/** What a write relies on being unchanged since its revision. */
export interface StaleTargets {
  readonly units: readonly UnitRef[];
  /** Measures whose signatures the write relies on. */
  readonly measures: readonly number[];
  /** The last measure index the write touches; insertions or deletions at or before it move it. */
  readonly lastIndex: number;
  /** Score texts (keys of the meta map: `title`, `composer`, ...) the write replaces. */
  readonly texts?: readonly string[];
  /** The write relies on the part list (which parts, their order and values) as it was. */
  readonly partList?: true;
}

/**
 * Whether parts were added, removed or moved after `seen`: an item of the
 * part order inserted since, or one deleted since. (A part list holds a
 * few items, so this walks all of them.)
 */
function partOrderChanged(view: ScoreView, seen: Seen): boolean {
  for (let item = view.types.partOrder._start; item; item = item.right) {
    const { client, clock } = item.id;
    const seenUpTo = seen.clocks.get(client) ?? 0;
    for (let offset = 0; offset < item.length; offset++) {
      const id = clock + offset;
      if (id >= seenUpTo) {
        if (!item.deleted) return true;
      } else if (item.deleted && !wasDeleted(seen, client, id)) return true;
    }
  }
  return false;
}

/**
 * The first measure index at which measures were inserted or deleted after
 * `seen`, looking no further than `lastIndex`; `undefined` when none. It
 * walks the measure list's Yjs items (deleted ones included) up to there, so
 * it costs what lies before the write, not the size of the score.
 */
function structureMovedAt(view: ScoreView, seen: Seen, lastIndex: number): number | undefined {
  let live = 0;
  for (let item = view.types.measureOrder._start; item && live < lastIndex; item = item.right) {
    const { client, clock } = item.id;
    const seenUpTo = seen.clocks.get(client) ?? 0;
    if (!item.deleted) {
      if (clock + item.length > seenUpTo) return live + Math.max(0, seenUpTo - clock) + 1;
      live += item.length;
      continue;
    }
    for (let offset = 0; offset < item.length; offset++) {
      const id = clock + offset;
      if (id < seenUpTo && !wasDeleted(seen, client, id)) return live + 1;
    }
  }
  return undefined;
}

/**
 * Every way the targets changed after `seen`, as `stale` problems; empty
 * when the write is still based on what its author read.
 */
export function findStale(
  view: ScoreView,
  seen: Seen,
  revision: string,
  targets: StaleTargets,
): Problem[] {
  const problems: Problem[] = [];
  const moved = structureMovedAt(view, seen, targets.lastIndex);
  if (moved !== undefined && moved <= targets.lastIndex) {
    problems.push({
      code: 'stale',
      message: `Measures were inserted or deleted at m${moved} after revision ${revision}, so the measure numbers of this write have moved.`,
      fix: 'Read the measures again and base the write on the new revision.',
    });
    return problems;
  }
  if ((targets.partList || targets.units.length > 0) && partOrderChanged(view, seen)) {
    problems.push({
      code: 'stale',
      message: `Parts were added, removed or moved after revision ${revision}, so the part numbers of this write may name other parts.`,
      fix: 'Read the score info again and base the write on the new revision.',
    });
    return problems;
  }
  if (targets.partList) {
    for (const part of view.parts) {
      if (!hasSeen(seen, entryId(view.types.parts, part.id))) {
        problems.push({
          code: 'stale',
          message: `Part ${part.index} ("${part.info.name}") changed after revision ${revision}.`,
          fix: 'Read the score info again and base the write on the new revision.',
        });
      }
    }
  }
  for (const measure of [...new Set(targets.measures)].sort((a, b) => a - b)) {
    const entry = view.measure(measure);
    if (entry && !hasSeen(seen, entry.written)) {
      problems.push({
        code: 'stale',
        lane: `m${measure}`,
        message: `The time, key or pickup of m${measure} changed after revision ${revision}.`,
        fix: `Read m${measure} again and base the write on the new revision.`,
      });
    }
  }
  for (const field of targets.texts ?? []) {
    if (!hasSeen(seen, entryId(view.types.meta, field))) {
      problems.push({
        code: 'stale',
        message: `The ${field} changed after revision ${revision}.`,
        fix: 'Read the score info again and base the write on the new revision.',
      });
    }
  }
  const named = new Set<string>();
  const units = [...targets.units].sort(
    (a, b) => a.measure - b.measure || a.part - b.part || a.staff - b.staff,
  );
  for (const ref of units) {
    const name = unitName(ref.part, ref.staff, ref.measure);
    if (named.has(name)) continue;
    named.add(name);
    const unit = view.unit(ref.part, ref.staff, ref.measure);
    if (unit && !hasSeen(seen, unit.written)) {
      problems.push({
        code: 'stale',
        lane: name,
        message: `${name} changed after revision ${revision}.`,
        fix: `Read m${ref.measure} again and base the write on the new revision.`,
      });
    }
  }
  return problems;
}
