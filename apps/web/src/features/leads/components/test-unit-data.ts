// A complete unit-data answer for this feature's component tests (000 §3 "Unit data").
import { makeUnitData } from '@funil/domain/testing/factories';
import type { UnitData } from '@funil/domain/unit/unit-data';

export function testUnitData(extras: Record<string, unknown> = {}): UnitData {
  return makeUnitData(extras);
}
