// Meta's Conversions API for CRM events (issue 24 'Closing the loop with Meta'). Two halves:
// - the `conversions-api` consumer of the lead-event stream writes one outbox row per status change of a
//   Lead Ads lead whose unit maps that status and a dataset, in the batch's transaction, keyed by
//   (event id, funnel): a replayed batch or a restarted consumer inserts nothing twice;
// - the sender, a Ticker on the workers' loop (not the JobRunner: its batches hold a transaction while a
//   Graph call may wait), claims due rows with a lease (FOR UPDATE SKIP LOCKED), posts
//   `/{dataset_id}/events` signed with appsecret_proof, keeps Meta's answer, retries failures with a
//   doubling backoff and ends a row as a stored failure with the reason. `event_id` lets Meta drop a
//   second copy sent after a crash between the POST and the row's update.
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';

import type { LeadEvent } from '@funil/domain/lead-events/lead-events';
import {
  conversionEventId,
  META_CONVERSIONS_MESSAGES,
  type MetaConversionsSettings,
  type MetaConversionsState,
} from '@funil/domain/meta-conversions/meta-conversions-api';

import type { Db, DbOrTx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { MetaGraphError } from '../../integrations/meta/meta-error.ts';
import { dueBy } from '../../jobs/due-by.ts';
import { Ticker } from '../../jobs/ticker.ts';
import { negotiationStatuses, saleStatuses } from '../catalog/catalog.service.ts';
import { leadgenIdsOf } from '../lead-ads/lead-ads.service.ts';
import type { LeadEventConsumer } from '../lead-events/lead-events.service.ts';
import { metaAccessFor, type MetaRuntime } from '../meta/meta.service.ts';
import { metaConversoesConfig, metaConversoesEnvios, type ConversionFamily } from './meta-conversions.table.ts';

export const CONVERSIONS_CONSUMER = 'conversions-api';
const SEVEN_DAYS_MS = 7 * 86_400_000;
const LEASE_MS = 5 * 60_000;

type StatusChange = { e: LeadEvent; familia: ConversionFamily; para: number };

/** The status moves an event carries: the negotiation funnel, the sale funnel, or both. */
export function statusChangesOf(e: LeadEvent): StatusChange[] {
  const out: StatusChange[] = [];
  const moves: [ConversionFamily, string][] = [
    ['negociacao', 'cliStatusNegociacao'],
    ['venda', 'cliStatusNegociacaoVenda'],
  ];
  for (const [familia, column] of moves) {
    const change = e.mudancas[column];
    if (change && typeof change.para === 'number' && change.para !== change.de) out.push({ e, familia, para: change.para });
  }
  return out;
}

/** Writes the outbox rows of a batch's status changes (in the batch's transaction); returns how many are new. */
export async function queueConversions(tx: DbOrTx, events: readonly LeadEvent[]): Promise<number> {
  const changes = events.flatMap(statusChangesOf);
  if (changes.length === 0) return 0;
  const units = [...new Set(changes.map((c) => c.e.idUnidade))];
  const configs = await tx
    .select()
    .from(metaConversoesConfig)
    .where(and(inArray(metaConversoesConfig.idUnidade, units), isNotNull(metaConversoesConfig.datasetId)));
  const configOf = new Map(configs.map((c) => [c.idUnidade, c]));
  const mapped = changes.filter((c) => {
    const config = configOf.get(c.e.idUnidade);
    if (!config || config.idEmpresa !== c.e.idEmpresa) return false;
    return (c.familia === 'negociacao' ? config.statusNegociacao : config.statusVenda).includes(c.para);
  });
  if (mapped.length === 0) return 0;
  const leadgen = await leadgenIdsOf(tx, [...new Set(mapped.map((c) => c.e.cliCrmId))]);
  const fromForms = mapped.filter((c) => leadgen.has(c.e.cliCrmId));
  if (fromForms.length === 0) return 0;
  const names = new Map<string, string>();
  for (const idEmpresa of new Set(fromForms.map((c) => c.e.idEmpresa))) {
    for (const s of await negotiationStatuses(tx, idEmpresa)) names.set(`${idEmpresa}:negociacao:${s.idFunil}`, s.nome);
    for (const s of await saleStatuses(tx, idEmpresa)) names.set(`${idEmpresa}:venda:${s.idFunilVenda}`, s.nome);
  }
  const rows = fromForms.flatMap((c) => {
    const nome = names.get(`${c.e.idEmpresa}:${c.familia}:${c.para}`);
    if (!nome) return [];
    return [
      {
        idEvento: c.e.id,
        familia: c.familia,
        idEmpresa: c.e.idEmpresa,
        idUnidade: c.e.idUnidade,
        cliCrmId: c.e.cliCrmId,
        leadgenId: leadgen.get(c.e.cliCrmId)!,
        datasetId: configOf.get(c.e.idUnidade)!.datasetId!,
        nomeEvento: nome,
        momento: c.e.em,
      },
    ];
  });
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(metaConversoesEnvios)
    .values(rows)
    .onConflictDoNothing({ target: [metaConversoesEnvios.idEvento, metaConversoesEnvios.familia] })
    .returning({ id: metaConversoesEnvios.id });
  return inserted.length;
}

/** The stream's consumer; `queued` wakes the sender when a batch wrote rows. */
export function conversionsConsumer(queued?: () => void): LeadEventConsumer {
  return {
    name: CONVERSIONS_CONSUMER,
    from: 'now',
    async handle(events, tx) {
      if ((await queueConversions(tx, events)) > 0 && queued) setImmediate(queued);
    },
  };
}

export type SenderOptions = {
  now?: () => Date;
  /** The first retry's wait; each next one doubles it (default 30 s). */
  backoffMs?: number;
  /** Tries before a row ends as a failure (default 6). */
  maxAttempts?: number;
  batch?: number;
  /** The app's Meta runtime (`app.metaRuntime`); null: Meta is not configured and each send fails as not connected. */
  runtime: MetaRuntime | null;
  log?: { error: (obj: object, msg: string) => void };
};

type OutboxRow = typeof metaConversoesEnvios.$inferSelect;

/** The CRM event Meta receives for a row (Conversions API for CRM, `action_source: system_generated`). */
export function crmEventOf(row: OutboxRow): Record<string, unknown> {
  return {
    event_name: row.nomeEvento,
    event_time: Math.floor(row.momento.getTime() / 1000),
    event_id: conversionEventId(row.idEvento, row.familia),
    action_source: 'system_generated',
    user_data: { lead_id: row.leadgenId },
    custom_data: { event_source: 'crm', lead_event_source: 'Funil' },
  };
}

/** One pass: claims the due rows and sends each; returns how many it tried. */
export async function sendPass(db: Db, options: SenderOptions): Promise<number> {
  const now = options.now?.() ?? new Date();
  const at = now.toISOString();
  const claimed = await db
    .update(metaConversoesEnvios)
    .set({ leaseAte: new Date(now.getTime() + LEASE_MS) })
    .where(
      inArray(
        metaConversoesEnvios.id,
        sql`(select id from meta_conversoes_envios where status = 'pendente' and proxima_em < ${dueBy(now)}::timestamptz
              and (lease_ate is null or lease_ate < ${at}::timestamptz)
              order by proxima_em, id limit ${options.batch ?? 50} for update skip locked)`,
      ),
    )
    .returning();
  claimed.sort((a, b) => a.id - b.id);
  for (const row of claimed) await sendOne(db, row, now, options);
  return claimed.length;
}

async function sendOne(db: Db, row: OutboxRow, now: Date, options: SenderOptions): Promise<void> {
  const tentativas = row.tentativas + 1;
  const fail = (erro: string) =>
    db
      .update(metaConversoesEnvios)
      .set({ status: 'falhou', tentativas, erro, leaseAte: null })
      .where(eq(metaConversoesEnvios.id, row.id));
  // Meta refuses an event_time more than 7 days old: a row that waited that long ends here.
  if (now.getTime() - row.momento.getTime() > SEVEN_DAYS_MS) return void (await fail(META_CONVERSIONS_MESSAGES.tooOld));
  let reason: string;
  let retry = true;
  let waitMs: number | null = null;
  try {
    const access = await metaAccessFor(db, row.idEmpresa, options.runtime);
    if (!access) throw new Error(META_CONVERSIONS_MESSAGES.notConnected);
    const answer = await access.graph.post(`/${row.datasetId}/events`, { data: [crmEventOf(row)] });
    await db
      .update(metaConversoesEnvios)
      .set({ status: 'enviado', tentativas, resposta: answer, erro: null, leaseAte: null, enviadoEm: now })
      .where(eq(metaConversoesEnvios.id, row.id));
    return;
  } catch (error) {
    if (error instanceof MetaGraphError) {
      reason = `A Meta recusou o evento (código ${error.code}${error.subcode ? `/${error.subcode}` : ''}): ${error.message}`;
      retry = error.retryable;
      waitMs = error.retryAfterMs;
    } else reason = error instanceof Error ? error.message : String(error);
  }
  const maxAttempts = options.maxAttempts ?? 6;
  if (!retry || tentativas >= maxAttempts) return void (await fail(reason));
  const backoff = (options.backoffMs ?? 30_000) * 2 ** (tentativas - 1);
  await db
    .update(metaConversoesEnvios)
    .set({ tentativas, erro: reason, leaseAte: null, proximaEm: new Date(now.getTime() + Math.max(backoff, waitMs ?? 0)) })
    .where(eq(metaConversoesEnvios.id, row.id));
}

/** The sender on the workers' loop: a pass every `idleMs`, at once when the consumer queued rows. */
export function startConversionsSender(
  db: Db,
  runtime: MetaRuntime | null,
  log: { error: (obj: object, msg: string) => void },
  idleMs = 60_000,
): Ticker {
  const ticker = new Ticker({
    pass: async () => (await sendPass(db, { runtime, log })) > 0,
    idleMs,
    unref: true,
    onError: (error) => log.error({ err: error }, 'API de Conversões: falha no ciclo de envio'),
  });
  ticker.start();
  return ticker;
}

/** The unit's card: its mapping, the company's statuses to choose from and the last 20 sends. */
export async function conversionsState(db: DbOrTx, idEmpresa: number, idUnidade: number): Promise<MetaConversionsState> {
  const [config] = await db.select().from(metaConversoesConfig).where(eq(metaConversoesConfig.idUnidade, idUnidade));
  const envios = await db
    .select()
    .from(metaConversoesEnvios)
    .where(eq(metaConversoesEnvios.idUnidade, idUnidade))
    .orderBy(desc(metaConversoesEnvios.id))
    .limit(20);
  return {
    datasetId: config?.datasetId ?? null,
    statusNegociacao: config?.statusNegociacao ?? [],
    statusVenda: config?.statusVenda ?? [],
    opcoes: {
      negociacao: (await negotiationStatuses(db, idEmpresa)).map((s) => ({ id: s.idFunil, nome: s.nome })),
      venda: (await saleStatuses(db, idEmpresa)).map((s) => ({ id: s.idFunilVenda, nome: s.nome })),
    },
    envios: envios.map((e) => ({
      id: e.id,
      cliCrmId: e.cliCrmId,
      nomeEvento: e.nomeEvento,
      momento: e.momento.toISOString(),
      status: e.status,
      tentativas: e.tentativas,
      erro: e.erro,
      enviadoEm: e.enviadoEm?.toISOString() ?? null,
    })),
  };
}

/** Saves the unit's mapping; a status the company does not have is refused and nothing changes. */
export async function saveConversionsSettings(
  db: DbOrTx,
  idEmpresa: number,
  idUnidade: number,
  input: MetaConversionsSettings,
): Promise<void> {
  const negociacao = new Set((await negotiationStatuses(db, idEmpresa)).map((s) => s.idFunil));
  const venda = new Set((await saleStatuses(db, idEmpresa)).map((s) => s.idFunilVenda));
  if (!input.statusNegociacao.every((s) => negociacao.has(s)) || !input.statusVenda.every((s) => venda.has(s)))
    throw new DomainError('invalid', META_CONVERSIONS_MESSAGES.statusUnknown);
  const values = {
    datasetId: input.datasetId,
    statusNegociacao: [...new Set(input.statusNegociacao)].sort((a, b) => a - b),
    statusVenda: [...new Set(input.statusVenda)].sort((a, b) => a - b),
    atualizadoEm: new Date(),
  };
  await db
    .insert(metaConversoesConfig)
    .values({ idUnidade, idEmpresa, ...values })
    .onConflictDoUpdate({ target: metaConversoesConfig.idUnidade, set: values });
}
