// Issue 24 (002 §7 'A helper requests conversion data (conversao, leads, ticket) by ids and dates per
// level'): the CRM's side of the /insights rows, per Meta campaign, ad set or ad id of a unit's leads
// captured in the period (the read model's copies of the lead's attribution, migration 0032):
// leads, conversões (the one shared conversion rule, 000 §9) and ticket (valor_ticket of those sales).
import { sql, type SQL } from 'drizzle-orm';

import type { InsightLevel } from '@funil/domain/insights/insights';

import { executeRows as rows, type DbOrTx } from '../../db/handle.ts';
import { SAO_PAULO_SQL } from '../../db/sql-rules.ts';
import { UNKNOWN_AD } from './dashboard-costs.ts';
import { CONVERTED } from './dashboard.repository.ts';

export type CrmFacts = { leads: number; conversoes: number; ticketCentavos: number };
export type CrmDay = { dia: string; leads: number; vendas: number };

const KEY: Record<InsightLevel, SQL> = {
  campaign: sql.raw('d.cli_campanha_id'),
  adset: sql.raw('d.adset_id'),
  ad: sql.raw('d.ad_id'),
};
const TZ = sql.raw(SAO_PAULO_SQL);
/** Captured on a São Paulo day of [inicio, fim] (bounds as instants, so the unit/capture index serves). */
const capturedIn = (column: SQL, inicio: string, fim: string) =>
  sql`${column} >= (${inicio}::date)::timestamp at time zone ${TZ} and ${column} < ((${fim}::date + 1))::timestamp at time zone ${TZ}`;

/** Per Meta id of the level: the unit's leads captured in the period, its conversions and their ticket (cents). */
export async function crmFactsByMetaId(
  db: DbOrTx,
  input: { idUnidade: number; level: InsightLevel; inicio: string; fim: string; ids: readonly string[] },
): Promise<Map<string, CrmFacts>> {
  const out = new Map<string, CrmFacts>();
  if (input.ids.length === 0) return out;
  const key = KEY[input.level];
  const result = await rows<{ id: string; leads: number; conversoes: number; ticket: string | number }>(
    db,
    sql`select ${key} as id, count(*)::int as leads, count(*) filter (where ${CONVERTED})::int as conversoes,
          coalesce(sum(round(d.valor_ticket * 100)) filter (where ${CONVERTED}), 0)::bigint as ticket
        from dashboard_leads d
        where d.desativado = 0 and d.id_unidade = ${input.idUnidade} and ${capturedIn(sql`d.data_captacao`, input.inicio, input.fim)}
          and ${key} = any(${sql.raw(`array[${input.ids.map((id) => `'${id.replace(/'/g, "''")}'`).join(',')}]::text[]`)})
        group by 1`,
  );
  for (const r of result) out.set(r.id, { leads: r.leads, conversoes: r.conversoes, ticketCentavos: Number(r.ticket) });
  return out;
}

/** The daily line's CRM side: leads by capture day, sales by the day they converted (São Paulo days). */
export async function crmDailyByMetaIds(
  db: DbOrTx,
  input: { idUnidade: number; level: InsightLevel; inicio: string; fim: string; ids: readonly string[] },
): Promise<CrmDay[]> {
  if (input.ids.length === 0) return [];
  const key = KEY[input.level];
  const ids = sql.raw(`array[${input.ids.map((id) => `'${id.replace(/'/g, "''")}'`).join(',')}]::text[]`);
  const result = await rows<{ dia: string; leads: number; vendas: number }>(
    db,
    sql`with l as (
          select (d.data_captacao at time zone ${TZ})::date as dia, 1 as lead, 0 as venda from dashboard_leads d
          where d.desativado = 0 and d.id_unidade = ${input.idUnidade} and ${key} = any(${ids})
            and ${capturedIn(sql`d.data_captacao`, input.inicio, input.fim)}
          union all
          select (d.convertido_em at time zone ${TZ})::date, 0, 1 from dashboard_leads d
          where d.desativado = 0 and d.id_unidade = ${input.idUnidade} and ${key} = any(${ids}) and ${CONVERTED}
            and d.convertido_em is not null and ${capturedIn(sql`d.convertido_em`, input.inicio, input.fim)}
        )
        select to_char(dia, 'YYYY-MM-DD') as dia, sum(lead)::int as leads, sum(venda)::int as vendas from l group by dia order by dia`,
  );
  return result.map((r) => ({ dia: r.dia, leads: r.leads, vendas: r.vendas }));
}

/** Issue 24: of the unit's leads captured in the period from an ad, how many name no known ad (issue 23 §3 rule). */
export async function unknownAdShare(
  db: DbOrTx,
  input: { idUnidade: number; inicio: string; fim: string },
): Promise<{ leads: number; total: number }> {
  const [r] = await rows<{ desconhecido: number; total: number }>(
    db,
    sql`select count(*) filter (where ${UNKNOWN_AD})::int as desconhecido,
          count(*) filter (where ${UNKNOWN_AD} or nullif(btrim(d.ad_id), '') is not null)::int as total
        from dashboard_leads d
        where d.desativado = 0 and d.id_unidade = ${input.idUnidade} and ${capturedIn(sql`d.data_captacao`, input.inicio, input.fim)}`,
  );
  return { leads: r?.desconhecido ?? 0, total: r?.total ?? 0 };
}
