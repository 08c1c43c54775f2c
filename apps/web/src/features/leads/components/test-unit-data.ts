// A complete unit-data answer for this feature's component tests (000 §3 "Unit data").
import type { UnitData } from '@funil/domain/unit/unit-data';
import { makeUnitData } from '@funil/domain/testing/factories';

export function testUnitData(extras: Record<string, unknown> = {}): UnitData {
  return makeUnitData(extras);
}
