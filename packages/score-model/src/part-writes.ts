/**
 * Applying a plan's part writes to the score's types, inside the
 * transaction `apply` opens: a part inserted with a rest in each unit,
 * deleted with its units, replaced, or moved.
 */
import type * as Y from 'yjs';
import { decodeMeasure, encodePart, encodeUnit } from './codec.ts';
import { freshIds, type ScoreTypes, unitKey } from './layout.ts';
import { restUnit } from './measure-length.ts';
import type { PlannedWrite } from './plan-types.ts';

type PartWrite = Extract<
  PlannedWrite,
  { readonly op: 'insert-part' | 'delete-part' | 'part' | 'move-part' }
>;

/**
 * Writes one part write. Call it inside a transaction, with a write
 * `apply` has checked against the score.
 *
 * @example
 * ```ts
 * doc.transact(() => writePart(scoreTypes(doc), doc, { op: 'move-part', from: 3, to: 1 }));
 * ```
 */
export function writePart(types: ScoreTypes, doc: Y.Doc, write: PartWrite): void {
  switch (write.op) {
    case 'insert-part': {
      const [id] = freshIds(doc, 'p', 1);
      types.parts.set(id!, encodePart(write.info));
      types.partOrder.insert(write.at - 1, [id!]);
      // Every unit is written, as createScore writes them: a unit is then only ever replaced.
      for (const measureId of types.measureOrder.toArray()) {
        const stored = types.measures.get(measureId);
        if (!stored) continue;
        const rest = encodeUnit(restUnit(decodeMeasure(stored)));
        for (let staff = 1; staff <= write.info.staves; staff++)
          types.units.set(unitKey(id!, staff, measureId), rest);
      }
      break;
    }
    case 'delete-part': {
      const id = types.partOrder.get(write.part - 1);
      const staves = types.parts.get(id)?.staves ?? 0;
      types.partOrder.delete(write.part - 1, 1);
      types.parts.delete(id);
      for (const measureId of types.measureOrder.toArray())
        for (let staff = 1; staff <= staves; staff++)
          types.units.delete(unitKey(id, staff, measureId));
      break;
    }
    case 'part': {
      const id = types.partOrder.get(write.part - 1);
      types.parts.set(id, encodePart(write.info));
      break;
    }
    case 'move-part': {
      const id = types.partOrder.get(write.from - 1);
      types.partOrder.delete(write.from - 1, 1);
      types.partOrder.insert(write.to - 1, [id]);
      break;
    }
  }
}
