// Issue 23 §6: which cost counts where a typed month and Meta's daily spend meet (the dashboards and
// /campanhas read the same rule), and the update payload of 'Editar Campanha' on a Meta month.
import { describe, expect, it } from 'vitest';

import { costUpdateSchema, countedCosts } from './costs.ts';

const typed = {
  idUnidade: 1,
  idCampanha: 9,
  idAd: null,
  origem: 'manual',
  periodoInicio: '2026-10-01',
  periodoFim: '2026-10-31',
};
const metaDay = (day: string, over: object = {}) => ({
  idUnidade: 1,
  idCampanha: 9,
  idAd: 4,
  origem: 'meta',
  periodoInicio: day,
  periodoFim: day,
  ...over,
});

describe('countedCosts (issue 23 §6)', () => {
  it("a typed month wins over Meta's days of that month; they are never added", () => {
    expect(countedCosts([typed, metaDay('2026-10-05'), metaDay('2026-10-31')])).toEqual([typed]);
  });

  it("Meta's days of another month, another campaign or another unit still count", () => {
    const others = [metaDay('2026-11-01'), metaDay('2026-10-05', { idCampanha: 10 }), metaDay('2026-10-05', { idUnidade: 2 })];
    expect(countedCosts([typed, ...others])).toEqual([typed, ...others]);
  });

  it('without a typed cost every Meta day counts; a day typed over an ad (manual with an ad) always counts', () => {
    const days = [metaDay('2026-10-05'), metaDay('2026-10-06'), metaDay('2026-10-07', { origem: 'manual' })];
    expect(countedCosts(days)).toEqual(days);
    expect(countedCosts([typed, ...days])).toEqual([typed, days[2]]);
  });
});

describe('costUpdateSchema', () => {
  const base = { campaign_name: 'Lentes | Meta', custo: 'R$ 150,00' };
  it("takes a typed cost's id, or the unit, month and campaign_id of a Meta month", () => {
    expect(costUpdateSchema.safeParse({ ...base, id: 4 }).success).toBe(true);
    expect(costUpdateSchema.parse({ ...base, idUnidade: 1, mes: '2026-10', campaign_id: 'C1' })).toMatchObject({ custo: 150 });
    for (const missing of [
      { idUnidade: 1, mes: '2026-10' },
      { idUnidade: 1, campaign_id: 'C1' },
      { mes: '2026-10', campaign_id: 'C1' },
    ])
      expect(costUpdateSchema.safeParse({ ...base, ...missing }).success).toBe(false);
  });
});
