// The call queue's SQL (issue 12; 002 §4, §8, §9): the next leads of a unit by its queue rules,
// claimed with a lease in one statement, so two attendants never get the same lead at once.
import { queryRows, type Db } from '../../../../db/handle.ts';
import { intArray } from '../../lead-sql.service.ts';
import type { LeadScope } from '../../leads.service.ts';

export type QueueQuery = {
  scope: LeadScope;
  now: Date;
  /** Start of today in America/Sao_Paulo (the daily attempt count restarts). */
  startOfToday: Date;
  /** regra_fila_1/2/3 as status id lists, in priority order. */
  rules: [number[], number[], number[]];
  limiteTentativas: number;
  limiteTentativasDiarias: number;
  quantidade: number;
  excluir: number[];
  leaseUntil: Date;
};

/**
 * Claims up to `quantidade` leads for the scope's user and returns their ids in queue order:
 * due scheduled calls first (cli_contato_agendado ≤ now), then the leads not yet answered whose
 * negotiation status is in rule 1, 2, 3, whose next attempt (cli_data_proxima_tentativa) is due
 * and whose attempts (total, and today's) are below the lead's or the unit's limits; newest first
 * within a rule. Leads leased to someone else until later are skipped (FOR UPDATE SKIP LOCKED
 * keeps two concurrent claims from waiting on or taking the same row).
 */
export async function claimQueueLeads(db: Db, q: QueueQuery): Promise<number[]> {
  const p: unknown[] = [];
  const add = (v: unknown) => {
    p.push(v);
    return `$${p.length}`;
  };
  const now = add(q.now.toISOString());
  const user = add(q.scope.userId);
  const [r1, r2, r3] = q.rules.map((r) => add(intArray(r)));
  const all = add(intArray(q.rules.flat()));
  const due = `(l.cli_contato_agendado is not null and l.cli_contato_agendado <= ${now}::timestamptz)`;
  const where = [
    `l.id_empresa = ${add(q.scope.empresaId)}`,
    `l.id_unidade = ${add(q.scope.unidadeId)}`,
    'l.desativado = 0',
    ...(q.scope.seesAssigned ? [] : [`(l.id_usuario is null or l.id_usuario = ${user})`]),
    `(l.fila_reservado_ate is null or l.fila_reservado_ate <= ${now}::timestamptz or l.fila_reservado_por = ${user})`,
    `not (l.cli_crm_id = any(${add(intArray(q.excluir))}::int[]))`,
    `l.cli_tentativas < coalesce(l.ligacao_limite_tentativas, ${add(q.limiteTentativas)})`,
    `(l.cli_data_atendimento is null or l.cli_data_atendimento < ${add(q.startOfToday.toISOString())}::timestamptz or ` +
      `l.cli_tentativas_diarias < coalesce(l.ligacao_limite_tentativas_diarias, ${add(q.limiteTentativasDiarias)}))`,
    `(${due} or (l.cli_contato_status <> 3 and l.cli_status_negociacao = any(${all}::int[]) and (l.cli_data_proxima_tentativa is ` +
      `null or l.cli_data_proxima_tentativa <= ${now}::timestamptz)))`,
  ];
  const priority = `case when ${due} then 0 when l.cli_status_negociacao = any(${r1}::int[]) then 1 when l.cli_status_negociacao
    = any(${r2}::int[]) then 2 when l.cli_status_negociacao = any(${r3}::int[]) then 3 else 4 end`;
  const text = `with candidatos as (
  select l.cli_crm_id, ${priority} as prioridade, l.cli_contato_agendado, l.cli_data_captacao
  from leads l
  where ${where.join(' and ')}
  order by 2, l.cli_contato_agendado nulls last, l.cli_data_captacao desc, l.cli_crm_id desc
  limit ${add(q.quantidade)}
  for update of l skip locked
)
update leads set fila_reservado_por = ${user}, fila_reservado_ate = ${add(q.leaseUntil.toISOString())}::timestamptz
from candidatos where leads.cli_crm_id = candidatos.cli_crm_id
returning leads.cli_crm_id as id, candidatos.prioridade, candidatos.cli_contato_agendado as agendado,
  candidatos.cli_data_captacao as captacao`;
  const rows = await queryRows<{ id: number; prioridade: number; agendado: string | Date | null; captacao: string | Date }>(
    db,
    text,
    p,
  );
  const t = (d: string | Date | null) => (d === null ? Number.POSITIVE_INFINITY : new Date(d).getTime());
  rows.sort(
    (a, b) => a.prioridade - b.prioridade || t(a.agendado) - t(b.agendado) || t(b.captacao) - t(a.captacao) || b.id - a.id,
  );
  return rows.map((r) => Number(r.id));
}

/** Ends the user's lease of a lead (hang-up, skip, stop); false when the user held none. */
export async function releaseQueueLease(db: Db, scope: LeadScope, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    'update leads set fila_reservado_por = null, fila_reservado_ate = null where cli_crm_id = $1 and ' +
      'id_unidade = $2 and fila_reservado_por = $3 returning cli_crm_id as id',
    [id, scope.unidadeId, scope.userId],
  );
  return rows.length > 0;
}
