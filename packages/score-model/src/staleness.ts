/**
 * Judging a write stale on what it touches alone: the units it replaces,
 * the units its ties reach into, the measures whose signatures it relies on,
 * and whether measures were inserted or deleted where they would move its
 * measure indexes.
 */
import type { Problem } from './problem.ts';
import { hasSeen, type Seen } from './revision.ts';
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
}

function structureMovedAt(view: ScoreView, seen: Seen): number | undefined {
  let earliest: number | undefined;
  let order: string[] | undefined;
  const indexOf = (id: string | null | undefined): number => {
    if (id === null) return view.measureCount + 1;
    order ??= view.types.measureOrder.toArray();
    const index = id === undefined ? -1 : order.indexOf(id);
    return index === -1 ? 1 : index + 1;
  };
  for (const entry of view.types.structure.toArray()) {
    if (hasSeen(seen, entry.stamp)) continue;
    const at =
      entry.op === 'insert' ? Math.min(...entry.ids.map((id) => indexOf(id))) : indexOf(entry.next);
    earliest = earliest === undefined ? at : Math.min(earliest, at);
  }
  return earliest;
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
  const moved = structureMovedAt(view, seen);
  if (moved !== undefined && moved <= targets.lastIndex) {
    problems.push({
      code: 'stale',
      message: `Measures were inserted or deleted at m${moved} after revision ${revision}, so the measure numbers of this write have moved.`,
      fix: 'Read the measures again and base the write on the new revision.',
    });
    return problems;
  }
  for (const measure of [...new Set(targets.measures)].sort((a, b) => a - b)) {
    const entry = view.measure(measure);
    if (entry && !hasSeen(seen, entry.stamp)) {
      problems.push({
        code: 'stale',
        lane: `m${measure}`,
        message: `The time, key or pickup of m${measure} changed after revision ${revision}.`,
        fix: `Read m${measure} again and base the write on the new revision.`,
      });
    }
  }
  const named = new Set<string>();
  for (const ref of targets.units) {
    const name = unitName(ref.part, ref.staff, ref.measure);
    if (named.has(name)) continue;
    named.add(name);
    const unit = view.unit(ref.part, ref.staff, ref.measure);
    if (unit && !hasSeen(seen, unit.stamp)) {
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
