// What the automations read from the lead event stream besides their triggers (issue 25), in the
// consumer's batch transaction (automations.engine.ts `consumer`):
// - a message from the lead (`mensagem-recebida`) makes due at once the runs waiting for its answer
//   ('Aguardar resposta', steps/wait-answer.ts);
// - a message an attendant wrote from Funil (`mensagem-enviada` with an `ator`, not an automation's
//   and not a campaign's; any send path writes it) pauses the lead's Typebot sessions: the gateway
//   does not see sends made through its API. The run that started the session logs 'pausado por
//   atendente' and stops: a person took over;
// - a sale status (the sale funnel's status leaving its first, 'no sale yet', for any other: a sale
//   or a loss) closes the lead's Typebot sessions, logged on their runs.
// The gateway is asked after the commit (flushTypebotRequests, on the engine's Ticker).
import { sql } from 'drizzle-orm';

import type { LeadEvent } from '@funil/domain/lead-events/lead-events';

import { executeRows, type DbOrTx, type Tx } from '../../db/handle.ts';
import { requestLeadTypebotStatus, TYPEBOT_REASONS } from '../whatsapp/typebot/typebot.service.ts';

export const LEAD_SIGNAL_MESSAGES = {
  paused: 'Typebot pausado por atendente',
  pausedStop: 'Parada: pausado por atendente (o atendente assumiu a conversa).',
  closed: 'Typebot encerrado pelo status de venda',
} as const;

/** The sale funnel's first status ('no sale yet', 002 §4): leaving it for another is a sale or a loss. */
const SALE_START = 1;

export type LeadSignals = { woken: number; typebot: number };

export async function applyLeadSignals(tx: Tx, events: readonly LeadEvent[], now: Date): Promise<LeadSignals> {
  const out: LeadSignals = { woken: 0, typebot: 0 };
  // Each lead that wrote in this batch, with its last message's event.
  const answered = new Map<number, number>();
  for (const e of events) {
    const lead = Math.trunc(e.cliCrmId);
    if (e.tipo === 'mensagem-recebida') answered.set(lead, Math.max(answered.get(lead) ?? 0, Math.trunc(e.id)));
  }
  await markAnswers(tx, [...answered.keys()], now);
  out.woken = await wakeAnswered(tx, answered, now);
  for (const e of events) {
    if (e.tipo === 'mensagem-recebida') continue;
    if (e.tipo === 'mensagem-enviada' && e.ator !== null && !e.dados['automacao'] && e.dados['idCampanha'] == null) {
      const marked = await requestLeadTypebotStatus(tx, e.cliCrmId, 'paused', TYPEBOT_REASONS.attendant);
      for (const m of marked) if (m.idExecucao !== null) await logOnRun(tx, m.idExecucao, `pausa:${m.id}`, 'pausado', now, true);
      out.typebot += marked.length;
      continue;
    }
    const sale = e.mudancas['cliStatusNegociacaoVenda'];
    if (sale && sale.para !== null && sale.para !== SALE_START && sale.para !== sale.de) {
      const marked = await requestLeadTypebotStatus(tx, e.cliCrmId, 'closed', TYPEBOT_REASONS.sale);
      for (const m of marked) if (m.idExecucao !== null) await logOnRun(tx, m.idExecucao, `fim:${m.id}`, 'encerrado', now, false);
      out.typebot += marked.length;
    }
  }
  return out;
}

/**
 * 'Aguardar resposta': the runs of the batch's leads waiting for an answer since before the lead's last
 * message of the batch are due at once: one statement per batch (it was one per message received).
 */
async function wakeAnswered(tx: Tx, last: ReadonlyMap<number, number>, now: Date): Promise<number> {
  if (last.size === 0) return 0;
  const rows = await executeRows<{ id: number }>(
    tx,
    sql`update automacoes_execucoes x set respondido_em = ${now.toISOString()}, proximo_em = ${now.toISOString()}
        from unnest(${`{${[...last.keys()].join(',')}}`}::int[], ${`{${[...last.values()].join(',')}}`}::bigint[]) as m(lead, evento)
        where x.cli_crm_id = m.lead and x.status = 'ativa' and x.respondido_em is null
          and x.aguardando_chave = x.id::text || ':' || x.rodada::text || ':' || x.passo::text
          and x.aguardando_evento < m.evento
        returning x.id`,
  );
  return rows.length;
}

const ANSWER_WINDOW_MS = 7 * 86_400_000;

/**
 * 'Visualizar Desempenho' (issue 25: messages sent and answered): the runs of the batch's leads that
 * sent a message, started within 7 days before the lead's message, get their first answer's time. One
 * statement per batch with a received message.
 */
async function markAnswers(tx: Tx, leads: readonly number[], now: Date): Promise<void> {
  if (leads.length === 0) return;
  await executeRows(
    tx,
    sql`update automacoes_execucoes set resposta_em = ${now.toISOString()}
        where cli_crm_id = any(${`{${leads.join(',')}}`}::int[]) and mensagens_enviadas > 0 and resposta_em is null
          and criado_em > ${new Date(now.getTime() - ANSWER_WINDOW_MS).toISOString()}`,
  );
}

/** A line of the run's log (once per session and change), and for a pause the run stops if still active. */
async function logOnRun(tx: Tx, idExecucao: number, suffix: string, resultado: string, now: Date, stop: boolean): Promise<void> {
  const detalhe = resultado === 'pausado' ? LEAD_SIGNAL_MESSAGES.paused : LEAD_SIGNAL_MESSAGES.closed;
  await executeRows(
    tx,
    sql`insert into automacoes_passos (id_execucao, passo, chave, resultado, detalhe, em)
        select id, greatest(passo - 1, 0), ${`${idExecucao}:typebot:${suffix}`}, ${resultado}, ${detalhe}, ${now.toISOString()}
        from automacoes_execucoes where id = ${idExecucao}
        on conflict (chave) do nothing`,
  );
  if (!stop) return;
  await executeRows(
    tx,
    sql`update automacoes_execucoes set status = 'parada', erro = ${LEAD_SIGNAL_MESSAGES.pausedStop},
          terminado_em = ${now.toISOString()}, lease_por = null, lease_ate = null
        where id = ${idExecucao} and status = 'ativa'`,
  );
}

/** 'Visualizar Desempenho': the rule's runs whose Typebot session an attendant paused. */
export async function pausedRunsOfRule(db: DbOrTx, idAutomacao: number): Promise<number> {
  const rows = await executeRows<{ n: number }>(
    db,
    sql`select count(distinct p.id_execucao)::int as n from automacoes_passos p
        join automacoes_execucoes e on e.id = p.id_execucao
        where e.id_automacao = ${idAutomacao} and p.resultado = 'pausado'`,
  );
  return rows[0]?.n ?? 0;
}
