// Campaign costs (issue 23 §6; 002 §2.10 'Gerenciar Campanhas', §3 'Campaign cost (admin)', §5 'Campaign cost
// dialog', §7 'Admin'; 000 §6 /campanhas: admin, manager, multi-manager, each within its units): each call ×
// each role × another unit's and company's ids; a cost is for a month and prorates to any period.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { costListSchema } from '@funil/domain/ads/costs';

import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { auditoria } from '../audit/audit.table.ts';
import { costForPeriod, costsByCampaign } from './ads-costs.service.ts';
import { anunciosCampanhas, anunciosCustos } from './ads.table.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
type Role = 'sa' | 'ag' | 'a' | 'u' | 'm' | 'mg' | 'aB1';
beforeAll(async () => {
  t = await createTestApp();
  for (const key of ['sa', 'ag', 'a', 'u', 'm', 'mg', 'aB1'] as const) tokens[key] = await t.login(t.fixture.users[key].email);
});
afterAll(async () => {
  await t.close();
});

const call = (role: Role, method: 'GET' | 'POST' | 'PUT', payload?: object) =>
  t.as(tokens[role]!, {
    method,
    url: method === 'PUT' ? '/api/cadastros/campanha_custo' : '/api/cadastros/campanha',
    ...(payload ? { payload } : {}),
  });
const cost = (over: Record<string, unknown> = {}) => ({
  nome: 'Implantes | Leads | Junho',
  campaign_id: '120210000001',
  publico: 1,
  idTipoLead: 1,
  idUnidade: t.fixture.unitA1,
  custo: 'R$ 3.000,00',
  mes: '2026-06',
  ...over,
});

describe('cadastros/campanha (002 §7 Admin)', () => {
  let id = 0;

  it('answers 403 to the super-admin and attendants (000 §6 /campanhas)', async () => {
    for (const role of ['sa', 'u'] as const) {
      expect((await call(role, 'GET')).statusCode).toBe(403);
      expect((await call(role, 'POST', cost())).statusCode).toBe(403);
      expect((await call(role, 'PUT', { id: 1, campaign_name: 'x', custo: 1 })).statusCode).toBe(403);
    }
  });

  it("a unit admin registers a campaign's month cost ('Campanha cadastrada com sucesso!'); it enters the unit's catalogue", async () => {
    const res = await call('a', 'POST', cost());
    expect([res.statusCode, res.json().message]).toEqual([201, 'Campanha cadastrada com sucesso!']);
    id = res.json().data.id;
    const list = costListSchema.parse((await call('a', 'GET')).json()).data;
    expect(list).toEqual([
      expect.objectContaining({
        id,
        unidade: 'Unidade A1',
        campaign_id: '120210000001',
        campaign_name: 'Implantes | Leads | Junho',
        custo: 3000,
        publico: 1,
        idTipoLead: 1,
        mes: '2026-06',
        periodo_inicio: '2026-06-01',
        periodo_fim: '2026-06-30',
        origem: 'manual',
      }),
    ]);
    expect(list[0]!.tipoLead).not.toBe('');
    const [campaign] = await t.app.db.select().from(anunciosCampanhas).where(eq(anunciosCampanhas.campaignId, '120210000001'));
    expect(campaign).toMatchObject({ idUnidade: t.fixture.unitA1, ativo: 1, oculto: 1 });
    // The same campaign, unit and month again is refused; another month is a new cost.
    expect((await call('a', 'POST', cost())).statusCode).toBe(409);
    expect((await call('a', 'POST', cost({ mes: '2026-07', custo: 1500 }))).statusCode).toBe(201);
  });

  it("002 §5: custo required ('Obrigatório'); -1 in publico, idTipoLead or idUnidade: 'Campos obrigatórios não preenchidos'", async () => {
    const noCost = await call('a', 'POST', cost({ custo: '', campaign_id: 'N1' }));
    expect([noCost.statusCode, noCost.body.includes('Obrigatório')]).toEqual([400, true]);
    expect((await call('a', 'POST', cost({ custo: 'abc', campaign_id: 'N1' }))).statusCode).toBe(400);
    for (const field of ['publico', 'idTipoLead', 'idUnidade']) {
      const res = await call('a', 'POST', cost({ [field]: -1, campaign_id: 'N1' }));
      expect([field, res.statusCode, res.body.includes('Campos obrigatórios não preenchidos')]).toEqual([field, 400, true]);
    }
    expect((await call('a', 'POST', cost({ mes: '2026-13', campaign_id: 'N1' }))).body).toContain(
      'Informe o mês no formato MM/AAAA.',
    );
    expect((await call('a', 'POST', cost({ idTipoLead: 999, campaign_id: 'N1' }))).body).toContain('Plataforma desconhecida.');
  });

  it("edits the cost and the campaign's name ('Campanha editada com sucesso!'), audited", async () => {
    const res = await call('a', 'PUT', {
      id,
      campaign_id: '120210000001',
      campaign_name: 'Implantes | Junho',
      custo: 'R$ 3.250,50',
    });
    expect([res.statusCode, res.json().message]).toEqual([200, 'Campanha editada com sucesso!']);
    const row = costListSchema.parse((await call('a', 'GET')).json()).data.find((r) => r.id === id)!;
    expect([row.custo, row.campaign_name]).toEqual([3250.5, 'Implantes | Junho']);
    expect((await call('a', 'PUT', { id, campaign_id: 'outro', campaign_name: 'x', custo: 1 })).statusCode).toBe(400);
    const audits = await t.app.db.select().from(auditoria).where(eq(auditoria.entidade, 'custo_campanha'));
    expect(audits.filter((a) => a.idEntidade === id).map((a) => a.acao)).toEqual(['create', 'update']);
  });

  it('managers see their unit, the company roles every unit of the company; a unit role may not write another unit (403)', async () => {
    expect((await call('m', 'GET')).json().data).toHaveLength(2);
    const other = await call('ag', 'POST', cost({ idUnidade: t.fixture.unitA2, campaign_id: 'A2-C' }));
    expect(other.statusCode).toBe(201);
    expect((await call('mg', 'GET')).json().data).toHaveLength(3);
    expect((await call('ag', 'GET')).json().data).toHaveLength(3);
    expect((await call('a', 'GET')).json().data).toHaveLength(2);
    expect((await call('m', 'GET')).json().data).toHaveLength(2);
    const denied = await call('a', 'POST', cost({ idUnidade: t.fixture.unitA2, campaign_id: 'A2-D' }));
    expect([denied.statusCode, denied.json().message]).toEqual([403, 'Você não pode gerenciar campanhas desta unidade.']);
    const put = await call('m', 'PUT', { id: other.json().data.id, campaign_name: 'x', custo: 1 });
    expect(put.statusCode).toBe(403);
  });

  it("another company's admin gets 404 for this company's unit and cost, and changes nothing", async () => {
    expect((await call('aB1', 'GET')).json().data).toHaveLength(0);
    expect((await call('aB1', 'POST', cost({ campaign_id: 'B' }))).statusCode).toBe(404);
    expect((await call('aB1', 'PUT', { id, campaign_name: 'Invasão', custo: 0 })).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(anunciosCustos).where(eq(anunciosCustos.id, id));
    expect(row!.custo).toBe('3250.50');
  });

  it('costForPeriod prorates a month to any period and answers null without a cost (issue 23 §6)', async () => {
    const [campaign] = await t.app.db.select().from(anunciosCampanhas).where(eq(anunciosCampanhas.campaignId, '120210000001'));
    const units = [t.fixture.unitA1];
    // June 3,250.50 over 30 days; July 1,500 over 31 days.
    expect(
      await costForPeriod(t.app.db, { idUnidades: units, idCampanha: campaign!.id, inicio: '2026-06-01', fim: '2026-06-30' }),
    ).toBe(3250.5);
    expect(
      await costForPeriod(t.app.db, { idUnidades: units, idCampanha: campaign!.id, inicio: '2026-06-01', fim: '2026-06-15' }),
    ).toBe(1625.25);
    expect(
      await costForPeriod(t.app.db, { idUnidades: units, idCampanha: campaign!.id, inicio: '2026-06-16', fim: '2026-07-31' }),
    ).toBe(1625.25 + 1500);
    expect(
      await costForPeriod(t.app.db, { idUnidades: units, idCampanha: campaign!.id, inicio: '2026-01-01', fim: '2026-01-31' }),
    ).toBeNull();
    // A Meta sync's daily spend of a day the typed month covers is not added to it.
    await t.app.db.insert(anunciosCustos).values({
      idEmpresa: t.fixture.companyA,
      idUnidade: t.fixture.unitA1,
      idCampanha: campaign!.id,
      custo: '99.00',
      periodoInicio: '2026-06-10',
      periodoFim: '2026-06-10',
      origem: 'meta',
    });
    expect(
      await costForPeriod(t.app.db, { idUnidades: units, idCampanha: campaign!.id, inicio: '2026-06-01', fim: '2026-06-30' }),
    ).toBe(3250.5);
    const byCampaign = await costsByCampaign(t.app.db, { idUnidades: units, inicio: '2026-07-01', fim: '2026-07-31' });
    expect(byCampaign.get(campaign!.id)).toBe(1500);
  });
});
