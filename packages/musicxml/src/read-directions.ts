import type { OpenUnit } from './marked-units.ts';

export function readDirections(_units: readonly OpenUnit[]): void {}
