// Over 500 lines: one SQL statement per dashboard number, kept beside each other so their definitions read alike.
// The dashboards' queries over their read model (dashboard.table.ts): every card is one scan of a
// unit's index range, never of the raw history, messages or calls. docs/decisions.md "Dashboards"
// defines each number; the service chooses units, periods and filters.
import { sql, type SQL } from 'drizzle-orm';

import { NO_SALE_STATUS_ID } from '@funil/domain/dashboard/dashboard-api';
import { formatIsoDate as formatDay } from '@funil/domain/format/date';

import { executeRows as rows, type DbOrTx } from '../../db/handle.ts';
import { conversionStatusSql } from '../../db/sql-rules.ts';

/** Which leads a call reads: units, an optional owner (an attendant's own leads) and the v2 filters. */
export type LeadScope = {
  units: readonly number[];
  /** Only this attendant's leads (000 §6 read for u; docs/decisions.md). */
  ownerUserId: number | null;
  campanha?: string;
  statusCliente?: number | null;
  plataforma?: number | null;
  /** 0: leads without an attendant. */
  atendente?: number | null;
  anuncios?: readonly string[];
};

/** A half-open period [inicio, fim). */
export type Period = { inicio: Date; fim: Date };

const list = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The WHERE of a lead scope over dashboard_leads (alias d). */
export function scopeSql(scope: LeadScope): SQL {
  const parts: SQL[] = [sql`d.desativado = 0`, scope.units.length > 0 ? sql`d.id_unidade in (${list(scope.units)})` : sql`false`];
  if (scope.ownerUserId !== null) parts.push(sql`d.id_usuario = ${scope.ownerUserId}`);
  if (scope.campanha) parts.push(sql`d.cli_campanha_nome = ${scope.campanha}`);
  if (scope.statusCliente != null) parts.push(sql`d.status_venda = ${scope.statusCliente}`);
  if (scope.plataforma != null) parts.push(sql`d.cli_tipo_lead = ${scope.plataforma}`);
  if (scope.atendente === 0) parts.push(sql`d.id_usuario is null`);
  else if (scope.atendente != null) parts.push(sql`d.id_usuario = ${scope.atendente}`);
  if (scope.anuncios && scope.anuncios.length > 0) parts.push(sql`d.ad_id in (${list(scope.anuncios)})`);
  return sql.join(parts, sql` and `);
}

const within = (column: SQL, p: Period) =>
  sql`${column} >= ${p.inicio.toISOString()}::timestamptz and ${column} < ${p.fim.toISOString()}::timestamptz`;
export const CONVERTED = sql.raw(conversionStatusSql('d.status_negociacao'));
/** A customer (000 §9): converted, or with a sale status other than 'Nenhum'. */
export const CUSTOMER = sql.raw(`(${conversionStatusSql('d.status_negociacao')} or d.status_venda <> ${NO_SALE_STATUS_ID})`);

// --- v2 'Performance de Captação' --------------------------------------------------------------

export type CaptureCounts = {
  captados: number;
  impactados: number;
  mensagens: number;
  ligacao: number;
  responderam: number;
  respondeu_wpp: number;
  atendeu: number;
  conversoes: number;
  valor: number;
};

const CAPTURE_KEYS = [
  'captados',
  'impactados',
  'mensagens',
  'ligacao',
  'responderam',
  'respondeu_wpp',
  'atendeu',
  'conversoes',
  'valor',
] as const;
const CAPTURE_COUNTS = sql`count(*)::int as captados,
      count(*) filter (where d.mensagens_enviadas > 0 or d.ligacoes > 0)::int as impactados,
      count(*) filter (where d.mensagens_enviadas > 0)::int as mensagens,
      count(*) filter (where d.ligacoes > 0)::int as ligacao,
      count(*) filter (where d.respostas_recebidas > 0 or d.ligacoes_atendidas > 0)::int as responderam,
      count(*) filter (where d.respostas_recebidas > 0)::int as respondeu_wpp,
      count(*) filter (where d.ligacoes_atendidas > 0)::int as atendeu,
      count(*) filter (where ${CONVERTED})::int as conversoes,
      coalesce(sum(d.valor_ticket) filter (where ${CONVERTED}), 0)::float8 as valor`;

/** Leads captured in the period and what became of them (000 §2 'Performance de Captação'). */
export async function captureCounts(db: DbOrTx, scope: LeadScope, p: Period): Promise<CaptureCounts> {
  const [row] = await rows<Record<keyof CaptureCounts, number | string>>(
    db,
    sql`select ${CAPTURE_COUNTS} from dashboard_leads d where ${scopeSql(scope)} and ${within(sql`d.data_captacao`, p)}`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)])) as CaptureCounts;
}

export type CaptureSummary = {
  counts: CaptureCounts;
  platforms: { plataforma: number; total: number }[];
  columns: { campanha: string | null; status: number; total: number }[];
};

/** The cards, the platform donut and the campaign × status columns in one scan (GROUPING SETS). */
export async function captureSummary(db: DbOrTx, scope: LeadScope, p: Period): Promise<CaptureSummary> {
  const result = await rows<Record<string, number | string | null>>(
    db,
    sql`select grouping(d.cli_tipo_lead) as sem_plataforma, grouping(d.cli_campanha_nome, d.status_negociacao) as sem_coluna,
      d.cli_tipo_lead as plataforma, d.cli_campanha_nome as campanha, d.status_negociacao as status, ${CAPTURE_COUNTS}
    from dashboard_leads d where ${scopeSql(scope)} and ${within(sql`d.data_captacao`, p)}
    group by grouping sets ((), (d.cli_tipo_lead), (d.cli_campanha_nome, d.status_negociacao))`,
  );
  const total = result.find((r) => Number(r['sem_plataforma']) === 1 && Number(r['sem_coluna']) === 3);
  const counts = Object.fromEntries(CAPTURE_KEYS.map((k) => [k, Number(total?.[k] ?? 0)])) as CaptureCounts;
  const platforms = result
    .filter((r) => Number(r['sem_plataforma']) === 0)
    .map((r) => ({ plataforma: Number(r['plataforma']), total: Number(r['captados']) }))
    .sort((a, b) => b.total - a.total || a.plataforma - b.plataforma);
  const columns = result
    .filter((r) => Number(r['sem_coluna']) === 0)
    .map((r) => ({
      campanha: r['campanha'] === null ? null : String(r['campanha']),
      status: Number(r['status']),
      total: Number(r['captados']),
    }))
    .sort((a, b) =>
      a.campanha === b.campanha
        ? a.status - b.status
        : a.campanha === null
          ? 1
          : b.campanha === null
            ? -1
            : a.campanha.localeCompare(b.campanha, 'pt-BR'),
    );
  return { counts, platforms, columns };
}

// --- v2 'Performance de Atendimento' ----------------------------------------------------------

export type AttendanceCounts = {
  impactados: number;
  impactados_mensagem: number;
  impactados_ligacao: number;
  responderam: number;
  responderam_mensagem: number;
  responderam_ligacao: number;
  mensagens: number;
  tentativas: number;
};

/** Leads whose first contact (message or call) fell in the period, and how they answered. */
export async function attendanceCounts(db: DbOrTx, scope: LeadScope, p: Period): Promise<AttendanceCounts> {
  const [row] = await rows<Record<keyof AttendanceCounts, number | string>>(
    db,
    sql`select count(*)::int as impactados,
      count(*) filter (where d.mensagens_enviadas > 0)::int as impactados_mensagem,
      count(*) filter (where d.ligacoes > 0)::int as impactados_ligacao,
      count(*) filter (where d.respostas_recebidas > 0 or d.ligacoes_atendidas > 0)::int as responderam,
      count(*) filter (where d.respostas_recebidas > 0)::int as responderam_mensagem,
      count(*) filter (where d.ligacoes_atendidas > 0)::int as responderam_ligacao,
      coalesce(sum(d.mensagens_enviadas), 0)::int as mensagens,
      coalesce(sum(d.ligacoes), 0)::int as tentativas
    from dashboard_leads d where ${scopeSql(scope)} and d.primeiro_contato_em is not null and ${within(sql`d.primeiro_contato_em`, p)}`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)])) as AttendanceCounts;
}

/** Leads converted in the period (first move to 5 or 6 in it, still in 5 or 6), by São Paulo day. */
export async function conversionsByDay(
  db: DbOrTx,
  scope: LeadScope,
  p: Period,
): Promise<{ dia: string; conversoes: number; valor: number }[]> {
  const result = await rows<{ dia: string; conversoes: number; valor: number }>(
    db,
    sql`select to_char(d.dia_conversao, 'YYYY-MM-DD') as dia, count(*)::int as conversoes,
      coalesce(sum(d.valor_ticket), 0)::float8 as valor
    from dashboard_leads d where ${scopeSql(scope)} and ${CONVERTED} and d.convertido_em is not null and ${within(sql`d.convertido_em`, p)}
    group by 1 order by 1`,
  );
  return result.map((r) => ({ dia: r.dia, conversoes: Number(r.conversoes), valor: Number(r.valor) }));
}

export type TimeSums = {
  conversao: number | null;
  contato_mensagem: number | null;
  contato_ligacao: number | null;
  resposta_mensagem: number | null;
  duracao_media: number | null;
  duracao_total: number;
  primeiro_contato_util: number | null;
};

/**
 * The six time cards and the working-hours one, in seconds (docs/decisions.md "The six times"), in
 * one pass: each card's cohort is a FILTER, and the WHERE is the union of the cohorts (a lead
 * converted, first messaged or first called in the period; the first contact is one of the last
 * two), which PostgreSQL reads as three index ranges for a short period and one scan for a long one.
 */
export async function timeCards(db: DbOrTx, scope: LeadScope, p: Period): Promise<TimeSums> {
  const converted = sql`${CONVERTED} and d.convertido_em is not null and ${within(sql`d.convertido_em`, p)}`;
  const messaged = sql`d.primeira_mensagem_em is not null and ${within(sql`d.primeira_mensagem_em`, p)}`;
  const called = sql`d.primeira_ligacao_em is not null and ${within(sql`d.primeira_ligacao_em`, p)}`;
  const contacted = sql`d.primeiro_contato_em is not null and ${within(sql`d.primeiro_contato_em`, p)}`;
  const since = (column: SQL) => sql`greatest(0, date_part('epoch', ${column} - d.data_captacao))`;
  const [row] = await rows<Record<keyof TimeSums, number | string | null>>(
    db,
    sql`select
      avg(${since(sql`d.convertido_em`)}) filter (where ${converted}) as conversao,
      avg(${since(sql`d.primeira_mensagem_em`)}) filter (where ${messaged}) as contato_mensagem,
      avg(${since(sql`d.primeira_ligacao_em`)}) filter (where ${called}) as contato_ligacao,
      (sum(d.segundos_resposta) filter (where ${contacted}))::float8 / nullif(sum(d.respostas_medidas) filter (where
        ${contacted}), 0) as resposta_mensagem,
      (sum(d.segundos_falados) filter (where ${contacted}))::float8 / nullif(sum(d.ligacoes_atendidas) filter (where
        ${contacted}), 0) as duracao_media,
      coalesce(sum(d.segundos_falados) filter (where ${contacted}), 0)::float8 as duracao_total,
      (avg(d.segundos_uteis_primeiro_contato) filter (where ${contacted}))::float8 as primeiro_contato_util
    from dashboard_leads d
    where ${scopeSql(scope)} and ((${converted}) or (${messaged}) or (${called}))`,
  );
  const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return {
    conversao: num(row?.conversao),
    contato_mensagem: num(row?.contato_mensagem),
    contato_ligacao: num(row?.contato_ligacao),
    resposta_mensagem: num(row?.resposta_mensagem),
    duracao_media: num(row?.duracao_media),
    duracao_total: num(row?.duracao_total) ?? 0,
    primeiro_contato_util: num(row?.primeiro_contato_util),
  };
}

// --- Tables -------------------------------------------------------------------------------------

export type LeadRow = {
  cli_crm_id: number;
  id_empresa: number;
  id_unidade: number;
  cli_nome: string;
  cli_telefone: string;
  ad_name: string | null;
  status_negociacao: number;
  status_venda: number;
  valor_ticket: number;
  id_usuario: number | null;
  data: string;
  tipo: 'Mensagem' | 'Ligação' | null;
};

/** One page of the leads captured in the period (newest first) and the total. */
export async function capturedLeads(
  db: DbOrTx,
  scope: LeadScope,
  p: Period,
  limit: number,
  offset: number,
): Promise<{ rows: LeadRow[]; total: number }> {
  const where = sql`${scopeSql(scope)} and ${within(sql`d.data_captacao`, p)}`;
  const page = await rows<LeadRow>(
    db,
    sql`select d.cli_crm_id, d.id_empresa, d.id_unidade, d.cli_nome, d.cli_telefone, d.ad_name, d.status_negociacao, d.status_venda,
      d.valor_ticket::float8 as valor_ticket, d.id_usuario, d.data_captacao as data, null as tipo
    from dashboard_leads d where ${where} order by d.data_captacao desc, d.cli_crm_id desc limit ${limit} offset ${offset}`,
  );
  const [count] = await rows<{ total: number }>(db, sql`select count(*)::int as total from dashboard_leads d where ${where}`);
  return { rows: page.map(normalizeLeadRow), total: Number(count?.total ?? 0) };
}

/** One page of the leads first contacted in the period (newest first) and the total. */
export async function attendedLeads(
  db: DbOrTx,
  scope: LeadScope,
  p: Period,
  limit: number,
  offset: number,
): Promise<{ rows: LeadRow[]; total: number }> {
  const where = sql`${scopeSql(scope)} and d.primeiro_contato_em is not null and ${within(sql`d.primeiro_contato_em`, p)}`;
  const page = await rows<LeadRow>(
    db,
    sql`select d.cli_crm_id, d.id_empresa, d.id_unidade, d.cli_nome, d.cli_telefone, d.ad_name, d.status_negociacao, d.status_venda,
      d.valor_ticket::float8 as valor_ticket, d.id_usuario, d.primeiro_contato_em as data,
      case when d.primeira_ligacao_em is null or d.primeira_mensagem_em <= d.primeira_ligacao_em then 'Mensagem' else 'Ligação' end as tipo
    from dashboard_leads d where ${where} order by d.primeiro_contato_em desc, d.cli_crm_id desc limit ${limit} offset ${offset}`,
  );
  const [count] = await rows<{ total: number }>(db, sql`select count(*)::int as total from dashboard_leads d where ${where}`);
  return { rows: page.map(normalizeLeadRow), total: Number(count?.total ?? 0) };
}

function normalizeLeadRow(r: LeadRow): LeadRow {
  const data = r.data as unknown;
  return {
    ...r,
    cli_crm_id: Number(r.cli_crm_id),
    id_empresa: Number(r.id_empresa),
    id_unidade: Number(r.id_unidade),
    status_negociacao: Number(r.status_negociacao),
    status_venda: Number(r.status_venda),
    valor_ticket: Number(r.valor_ticket),
    id_usuario: r.id_usuario === null ? null : Number(r.id_usuario),
    data: data instanceof Date ? data.toISOString() : new Date(String(data)).toISOString(),
  };
}

// --- Ranking and stages (beyond the spec) --------------------------------------------------------

export type ActivityRow = {
  id_usuario: number;
  ligacoes: number;
  ligacoes_atendidas: number;
  segundos_falados: number;
  mensagens_enviadas: number;
};

/** Calls and sent messages per attendant over the São Paulo days [primeiroDia, ultimoDia]. */
export async function activityByAttendant(
  db: DbOrTx,
  units: readonly number[],
  primeiroDia: string,
  ultimoDia: string,
  onlyUser: number | null,
): Promise<ActivityRow[]> {
  if (units.length === 0) return [];
  const result = await rows<ActivityRow>(
    db,
    sql`select a.id_usuario, sum(a.ligacoes)::int as ligacoes, sum(a.ligacoes_atendidas)::int as ligacoes_atendidas,
      sum(a.segundos_falados)::float8 as segundos_falados, sum(a.mensagens_enviadas)::int as mensagens_enviadas
    from dashboard_atendente_dia a
    where a.id_unidade in (${list(units)}) and a.dia >= ${primeiroDia}::date and a.dia <= ${ultimoDia}::date
      ${onlyUser === null ? sql`` : sql`and a.id_usuario = ${onlyUser}`}
    group by 1`,
  );
  return result.map((r) => ({
    id_usuario: Number(r.id_usuario),
    ligacoes: Number(r.ligacoes),
    ligacoes_atendidas: Number(r.ligacoes_atendidas),
    segundos_falados: Number(r.segundos_falados),
    mensagens_enviadas: Number(r.mensagens_enviadas),
  }));
}

export type ReachRow = { id_usuario: number; leads_contatados: number; tempo_medio: number | null };

/** Leads first contacted in the period, by the attendant who made that first contact. */
export async function reachByAttendant(db: DbOrTx, scope: LeadScope, p: Period): Promise<ReachRow[]> {
  const result = await rows<ReachRow>(
    db,
    sql`select coalesce(case when d.primeira_ligacao_em is null or d.primeira_mensagem_em <= d.primeira_ligacao_em then
      d.primeira_mensagem_por else d.primeira_ligacao_por end, 0) as id_usuario,
      count(*)::int as leads_contatados, avg(greatest(0, extract(epoch from d.primeiro_contato_em - d.data_captacao)))::float8
        as tempo_medio
    from dashboard_leads d where ${scopeSql(scope)} and d.primeiro_contato_em is not null and
      ${within(sql`d.primeiro_contato_em`, p)} group by 1`,
  );
  return result.map((r) => ({
    id_usuario: Number(r.id_usuario),
    leads_contatados: Number(r.leads_contatados),
    tempo_medio: r.tempo_medio === null ? null : Number(r.tempo_medio),
  }));
}

/** Conversions of the period by the attendant who moved the lead to 5 or 6. */
export async function conversionsByAttendant(
  db: DbOrTx,
  scope: LeadScope,
  p: Period,
): Promise<{ id_usuario: number; conversoes: number; valor: number }[]> {
  const result = await rows<{ id_usuario: number; conversoes: number; valor: number }>(
    db,
    sql`select coalesce(d.convertido_por, 0) as id_usuario, count(*)::int as conversoes, coalesce(sum(d.valor_ticket), 0)::float8 as valor
    from dashboard_leads d where ${scopeSql(scope)} and ${CONVERTED} and d.convertido_em is not null and
      ${within(sql`d.convertido_em`, p)} group by 1`,
  );
  return result.map((r) => ({ id_usuario: Number(r.id_usuario), conversoes: Number(r.conversoes), valor: Number(r.valor) }));
}

export type StageMoves = { status: number; entraram: number; avancaram: number; tempo_medio: number | null };

/**
 * Whether a scope narrows the leads beyond their units (then the stage view reads each move, and the
 * cost block lists only the campaigns of the leads shown).
 */
export const narrowsLeads = (scope: LeadScope) =>
  scope.ownerUserId !== null ||
  !!scope.campanha ||
  scope.statusCliente != null ||
  scope.plataforma != null ||
  scope.atendente != null ||
  (scope.anuncios?.length ?? 0) > 0;

/**
 * Per negotiation status: moves into it, moves out of it to a later status, and the average time
 * spent in it before a move out (moves of the period). A whole unit reads the per-day sums of
 * dashboard_etapas_dia (whole São Paulo days); a narrowed scope reads each move with its lead.
 */
export async function stageMoves(db: DbOrTx, scope: LeadScope, p: Period): Promise<{ moves: StageMoves[]; captados: number }> {
  const where = scopeSql(scope);
  const units = list(scope.units.length > 0 ? scope.units : [0]);
  const source = narrowsLeads(scope)
    ? sql`select s.de, s.para, 1 as movimentos, coalesce(s.segundos_na_etapa, 0) as segundos from dashboard_mudancas_status s
        join dashboard_leads d on d.cli_crm_id = s.cli_crm_id
        where ${where} and s.id_unidade in (${units}) and ${within(sql`s.em`, p)}`
    : sql`select e.de, e.para, e.movimentos, e.segundos from dashboard_etapas_dia e
        where e.id_unidade in (${units}) and e.dia >= ${formatDay(p.inicio)}::date and e.dia <=
          ${formatDay(new Date(p.fim.getTime() - 1))}::date`;
  const moves = await rows<StageMoves>(
    db,
    sql`with m as (${source}), entrada as (
        select para as status, sum(movimentos)::int as n from m where para > 0 group by 1
      ), saida as (
        select de as status, coalesce(sum(movimentos) filter (where para > de), 0)::int as n, (sum(segundos)::float8 /
          nullif(sum(movimentos), 0)) as tempo
        from m where de > 0 group by 1
      )
      select coalesce(e.status, s.status) as status, coalesce(e.n, 0) as entraram, coalesce(s.n, 0) as avancaram, s.tempo as tempo_medio
      from entrada e full join saida s on s.status = e.status`,
  );
  const [captured] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from dashboard_leads d where ${where} and ${within(sql`d.data_captacao`, p)}`,
  );
  return {
    moves: moves.map((r) => ({
      status: Number(r.status),
      entraram: Number(r.entraram),
      avancaram: Number(r.avancaram),
      tempo_medio: r.tempo_medio === null ? null : Number(r.tempo_medio),
    })),
    captados: Number(captured?.n ?? 0),
  };
}

// --- Classic ------------------------------------------------------------------------------------

/** Which date places a lead in the period of the classic ATENDIMENTOS tab. */
export type ClassicBasis = 'captacao' | 'atendimento';
const basisColumn = (basis: ClassicBasis) => (basis === 'captacao' ? sql`d.data_captacao` : sql`d.data_atendimento`);

export type ClassicTotals = {
  total: number;
  novos: number;
  nao_atendidos: number;
  atendidos: number;
  em_atendimento: number;
  convertidos: number;
  valor_ticket: number;
  ligacoes: number;
  ligacoes_atendidas: number;
};

export async function classicTotals(db: DbOrTx, scope: LeadScope, p: Period, basis: ClassicBasis): Promise<ClassicTotals> {
  const column = basisColumn(basis);
  const [row] = await rows<Record<keyof ClassicTotals, number | string>>(
    db,
    sql`select count(*)::int as total,
      count(*) filter (where d.contato_status = 1)::int as novos,
      count(*) filter (where d.contato_status = 2)::int as nao_atendidos,
      count(*) filter (where d.contato_status = 3)::int as atendidos,
      count(*) filter (where d.contato_status = 4)::int as em_atendimento,
      count(*) filter (where ${CONVERTED})::int as convertidos,
      coalesce(sum(d.valor_ticket) filter (where ${CONVERTED}), 0)::float8 as valor_ticket,
      coalesce(sum(d.ligacoes), 0)::int as ligacoes,
      coalesce(sum(d.ligacoes_atendidas), 0)::int as ligacoes_atendidas
    from dashboard_leads d where ${scopeSql(scope)} and ${column} is not null and ${within(column, p)}`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)])) as ClassicTotals;
}

export type StatusCount = { id_empresa: number; status: number; total: number };

/** Leads of the period by negotiation, contact and sale status (the three donuts) in one scan. */
export async function classicByStatuses(
  db: DbOrTx,
  scope: LeadScope,
  p: Period,
  basis: ClassicBasis,
): Promise<{ negociacao: StatusCount[]; contato: StatusCount[]; venda: StatusCount[] }> {
  const column = basisColumn(basis);
  const result = await rows<{
    n: number;
    c: number;
    v: number;
    id_empresa: number;
    sn: number | null;
    sc: number | null;
    sv: number | null;
    total: number;
  }>(
    db,
    sql`select grouping(d.status_negociacao) as n, grouping(d.contato_status) as c, grouping(d.status_venda) as v, d.id_empresa,
      d.status_negociacao as sn, d.contato_status as sc, d.status_venda as sv, count(*)::int as total
    from dashboard_leads d where ${scopeSql(scope)} and ${column} is not null and ${within(column, p)}
    group by grouping sets ((d.id_empresa, d.status_negociacao), (d.id_empresa, d.contato_status), (d.id_empresa, d.status_venda))`,
  );
  const pick = (flag: 'n' | 'c' | 'v', field: 'sn' | 'sc' | 'sv') =>
    result
      .filter((r) => Number(r[flag]) === 0)
      .map((r) => ({ id_empresa: Number(r.id_empresa), status: Number(r[field]), total: Number(r.total) }))
      .sort((a, b) => a.status - b.status || a.id_empresa - b.id_empresa);
  return { negociacao: pick('n', 'sn'), contato: pick('c', 'sc'), venda: pick('v', 'sv') };
}

/** The newest leads of the period (the 'Recentes' table). */
export async function classicRecent(
  db: DbOrTx,
  scope: LeadScope,
  p: Period,
  basis: ClassicBasis,
  limit: number,
): Promise<LeadRow[]> {
  const column = basisColumn(basis);
  const result = await rows<LeadRow>(
    db,
    sql`select d.cli_crm_id, d.id_empresa, d.id_unidade, d.cli_nome, d.cli_telefone, d.ad_name, d.status_negociacao, d.status_venda,
      d.valor_ticket::float8 as valor_ticket, d.id_usuario, ${column} as data, null as tipo
    from dashboard_leads d where ${scopeSql(scope)} and ${column} is not null and ${within(column, p)}
    order by ${column} desc, d.cli_crm_id desc limit ${limit}`,
  );
  return result.map(normalizeLeadRow);
}

/** Leads captured per São Paulo day by contact status. */
export async function dailyCaptures(
  db: DbOrTx,
  scope: LeadScope,
  p: Period,
): Promise<{ dia: string; status: number; total: number }[]> {
  const result = await rows<{ dia: string; status: number; total: number }>(
    db,
    sql`select to_char(x.dia, 'YYYY-MM-DD') as dia, x.status, x.total from (
      select d.dia_captacao as dia, d.contato_status as status, count(*)::int as total
      from dashboard_leads d where ${scopeSql(scope)} and ${within(sql`d.data_captacao`, p)} group by 1, 2) x`,
  );
  return result.map((r) => ({ dia: r.dia, status: Number(r.status), total: Number(r.total) }));
}

/** Calls per São Paulo day (answered and not). */
export async function dailyCalls(
  db: DbOrTx,
  units: readonly number[],
  primeiroDia: string,
  ultimoDia: string,
  onlyUser: number | null,
): Promise<{ dia: string; ligacoes: number; atendidas: number }[]> {
  if (units.length === 0) return [];
  const result = await rows<{ dia: string; ligacoes: number; atendidas: number }>(
    db,
    sql`select to_char(a.dia, 'YYYY-MM-DD') as dia, sum(a.ligacoes)::int as ligacoes, sum(a.ligacoes_atendidas)::int as atendidas
    from dashboard_atendente_dia a where a.id_unidade in (${list(units)}) and a.dia >= ${primeiroDia}::date and a.dia <= ${ultimoDia}::date
      ${onlyUser === null ? sql`` : sql`and a.id_usuario = ${onlyUser}`}
    group by 1`,
  );
  return result.map((r) => ({ dia: r.dia, ligacoes: Number(r.ligacoes), atendidas: Number(r.atendidas) }));
}

export type CampaignAggregate = {
  campanha: string | null;
  ad_id: string | null;
  ad_name: string | null;
  leads: number;
  atendidos: number;
  ligacoes: number;
  segundos_cobrados: number;
  conversoes: number;
  valor: number;
  clientes: number;
  valor_clientes: number;
};

/** Leads captured in the period by campaign and ad, with what they became (CAMPANHAS and LTV). */
export async function byCampaignAd(db: DbOrTx, scope: LeadScope, p: Period): Promise<CampaignAggregate[]> {
  const result = await rows<CampaignAggregate>(
    db,
    sql`select d.cli_campanha_nome as campanha, d.ad_id, max(d.ad_name) as ad_name, count(*)::int as leads,
      count(*) filter (where d.respostas_recebidas > 0 or d.ligacoes_atendidas > 0)::int as atendidos,
      coalesce(sum(d.ligacoes), 0)::int as ligacoes, coalesce(sum(d.segundos_cobrados), 0)::float8 as segundos_cobrados,
      count(*) filter (where ${CONVERTED})::int as conversoes, coalesce(sum(d.valor_ticket) filter (where ${CONVERTED}),
        0)::float8 as valor,
      count(*) filter (where ${CUSTOMER})::int as clientes, coalesce(sum(d.valor_ticket) filter (where ${CUSTOMER}), 0)::float8
        as valor_clientes
    from dashboard_leads d where ${scopeSql(scope)} and ${within(sql`d.data_captacao`, p)}
    group by 1, 2 order by 1 nulls last, 2 nulls last`,
  );
  return result.map((r) => ({
    campanha: r.campanha,
    ad_id: r.ad_id,
    ad_name: r.ad_name,
    leads: Number(r.leads),
    atendidos: Number(r.atendidos),
    ligacoes: Number(r.ligacoes),
    segundos_cobrados: Number(r.segundos_cobrados),
    conversoes: Number(r.conversoes),
    valor: Number(r.valor),
    clientes: Number(r.clientes),
    valor_clientes: Number(r.valor_clientes),
  }));
}

/** Leads captured per São Paulo day ('day') or month ('month'), with conversions and customers. */
export async function capturesOverTime(
  db: DbOrTx,
  scope: LeadScope,
  p: Period,
  unit: 'day' | 'month',
): Promise<{ quando: string; leads: number; conversoes: number; valor: number; clientes: number; valor_clientes: number }[]> {
  const format = unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  // Grouped by the stored São Paulo day, then by month when asked: no time-zone work per row.
  const result = await rows<{
    quando: string;
    leads: number;
    conversoes: number;
    valor: number;
    clientes: number;
    valor_clientes: number;
  }>(
    db,
    sql`select to_char(x.dia, ${format}) as quando, sum(x.leads)::int as leads, sum(x.conversoes)::int as conversoes,
      sum(x.valor)::float8 as valor,
      sum(x.clientes)::int as clientes, sum(x.valor_clientes)::float8 as valor_clientes
    from (select d.dia_captacao as dia, count(*) as leads,
      count(*) filter (where ${CONVERTED}) as conversoes, coalesce(sum(d.valor_ticket) filter (where ${CONVERTED}), 0) as valor,
      count(*) filter (where ${CUSTOMER}) as clientes, coalesce(sum(d.valor_ticket) filter (where ${CUSTOMER}), 0) as valor_clientes
      from dashboard_leads d where ${scopeSql(scope)} and ${within(sql`d.data_captacao`, p)} group by 1) x
    group by 1 order by 1`,
  );
  return result.map((r) => ({
    quando: r.quando,
    leads: Number(r.leads),
    conversoes: Number(r.conversoes),
    valor: Number(r.valor),
    clientes: Number(r.clientes),
    valor_clientes: Number(r.valor_clientes),
  }));
}
