// 000 §7 POST contato/chamadaid/{id} and contato/proximaligacao/{id}: the call queue (002 §4)
// reports a call's start and its end; the lead's attempt counters, attendance status and next
// attempt follow the unit's settings (002 §8 "Settings rule", §9 "Queue"), each change with its
// history event, in one transaction.
import type { CallEndBody } from '@funil/domain/leads-api/call-api';
import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import {
  callEventStatus,
  DEFAULT_BUSY_RETRY_MINUTES,
  endCallAttempt,
  startCallAttempt,
  type CallAttemptSettings,
} from '@funil/domain/leads/call-attempts';
import { TIMELINE_EVENT_TYPE } from '@funil/domain/leads/timeline';
import { QUEUE_LEASE_MINUTES } from '@funil/domain/webphone/queue-rules';
import { WEBPHONE_MESSAGES } from '@funil/domain/webphone/webphone-api';

import type { Tx } from '../../../../db/handle.ts';
import { DomainError } from '../../../../http/domain-error.ts';
import type { Session } from '../../../auth/auth.service.ts';
import { negotiationStatuses } from '../../../catalog/catalog.service.ts';
import { unitSettings } from '../../../tenancy/tenancy.service.ts';
import { applyLeadChange, nowOf, type HistoryInput, type LeadDeps, type LeadRow } from '../../leads.service.ts';

async function callSettings(tx: Tx, lead: LeadRow): Promise<CallAttemptSettings> {
  const row = await unitSettings(tx, lead.idUnidade);
  // 002 §9 defaults when the unit has no settings row; 002 §3 per-lead overrides first.
  return {
    limiteTentativas: lead.ligacaoLimiteTentativas ?? row?.ligacaoLimiteTentativas ?? 6,
    limiteTentativasDiarias: lead.ligacaoLimiteTentativasDiarias ?? row?.ligacaoLimiteTentativasDiarias ?? 3,
    intervaloNaoAtendidaMinutos: row?.ligacaoIntervaloNaoAtendida ?? 60,
    intervaloOcupadoMinutos: row?.ligacaoIntervaloOcupado ?? DEFAULT_BUSY_RETRY_MINUTES,
    minimoSegundosAtendida: row?.valorMinimoSegundosChamadaAtendida ?? 20,
    whatsappHabilitado: row?.habilitaMensagemWhatsapp ?? false,
  };
}

/** chamadaid: one more attempt (in all and today), the attendance date now, an 'Atendimento' event. */
export function startCall(deps: LeadDeps, session: Session, id: number, chamadaId: string) {
  const now = nowOf(deps);
  return applyLeadChange(deps, session, id, async (lead, tx) => {
    // issue 12: a lead leased to another attendant's queue is not called twice at once.
    if (
      lead.filaReservadoPor !== null &&
      lead.filaReservadoPor !== session.userId &&
      lead.filaReservadoAte !== null &&
      lead.filaReservadoAte > now
    ) {
      throw new DomainError('conflict', WEBPHONE_MESSAGES.leaseTaken);
    }
    const settings = await callSettings(tx, lead);
    const next = startCallAttempt(
      { tentativas: lead.cliTentativas, tentativasDiarias: lead.cliTentativasDiarias, ultimaTentativa: lead.cliDataAtendimento },
      now,
    );
    return {
      action: 'chamada-iniciada',
      message: LEAD_API_MESSAGES.callStarted,
      set: {
        cliTentativas: next.tentativas,
        cliTentativasDiarias: next.tentativasDiarias,
        cliDataAtendimento: now,
        // The call holds the lead for the caller; a due scheduled call is being made now.
        filaReservadoPor: session.userId,
        filaReservadoAte: new Date(now.getTime() + QUEUE_LEASE_MINUTES.inCall * 60_000),
        ...(lead.cliContatoAgendado !== null && lead.cliContatoAgendado <= now ? { cliContatoAgendado: null } : {}),
      },
      history: [
        {
          tipo: TIMELINE_EVENT_TYPE.mensagemAtendimento,
          texto:
            `Ligação iniciada: tentativa ${next.tentativas} de ${settings.limiteTentativas} (${next.tentativasDiarias} de ` +
            `${settings.limiteTentativasDiarias} hoje)`,
          descricao: `Chamada ${chamadaId}`,
          tentativas: next.tentativas,
          dataComentario: now,
        },
      ],
    };
  });
}

/**
 * proximaligacao: the call ended. Answered (talk time ≥ the unit's minimum) → 'Chamada atendida',
 * Atendido, no further attempt. Otherwise 'Chamada não atendida' (a pick-up under the minimum with that rule in
 * its status), Não Atendido, the next attempt
 * after the interval (the next day once today's attempts are used); with every attempt used, the
 * negotiation status 'Não Atendido' or 'Whatsapp' (002 §8) with its own event.
 */
export function endCall(deps: LeadDeps, session: Session, id: number, body: CallEndBody) {
  const now = nowOf(deps);
  return applyLeadChange(deps, session, id, async (lead, tx) => {
    const settings = await callSettings(tx, lead);
    const counters = {
      tentativas: lead.cliTentativas,
      tentativasDiarias: lead.cliTentativasDiarias,
      ultimaTentativa: lead.cliDataAtendimento,
    };
    const outcome = endCallAttempt(counters, body.duracao_falada ?? null, settings, now, body.status_chamada);
    const history: HistoryInput[] = [
      {
        tipo: outcome.atendida ? TIMELINE_EVENT_TYPE.chamadaAtendida : TIMELINE_EVENT_TYPE.chamadaNaoAtendida,
        descricao: body.chamada_id ? `Chamada ${body.chamada_id}` : null,
        tentativas: lead.cliTentativas,
        duracao: body.duracao ?? null,
        duracaoFalada: body.duracao_falada ?? null,
        duracaoCobrada: body.duracao_cobrada ?? null,
        // One word for one outcome (issue 21 item 13): a pick-up under the unit's minimum says so.
        statusChamada: callEventStatus(body.status_chamada, outcome.atendida, settings.minimoSegundosAtendida),
        motivoDesconexao: body.motivo_desconexao ?? null,
        urlGravacao: body.url_gravacao ?? null,
        dataComentario: now,
      },
    ];
    let status = lead.cliStatusNegociacao;
    if (outcome.statusNegociacao !== null && outcome.statusNegociacao !== lead.cliStatusNegociacao) {
      // Only a status the company's funnel has (a company may have dropped 3 or 9).
      const funnel = await negotiationStatuses(tx, lead.idEmpresa);
      if (funnel.some((s) => s.idFunil === outcome.statusNegociacao)) {
        status = outcome.statusNegociacao;
        history.push({
          tipo: TIMELINE_EVENT_TYPE.statusNegociacao,
          idAntigo: lead.cliStatusNegociacao,
          idNovo: status,
          texto: 'Tentativas de ligação esgotadas',
          dataComentario: now,
        });
      }
    }
    return {
      action: 'chamada-encerrada',
      message: LEAD_API_MESSAGES.callEnded,
      set: {
        cliContatoStatus: outcome.contatoStatus,
        cliDataProximaTentativa: outcome.proximaTentativa,
        cliStatusNegociacao: status,
        // issue 12: the hang-up releases the queue's lease.
        ...(lead.filaReservadoPor === session.userId ? { filaReservadoPor: null, filaReservadoAte: null } : {}),
      },
      history,
      // The call's outcome for the stream's consumers (issue 22 §2).
      dados: {
        atendida: outcome.atendida,
        statusChamada: history[0]?.statusChamada ?? null,
        duracaoFalada: body.duracao_falada ?? null,
      },
    };
  });
}
