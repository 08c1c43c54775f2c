// Mass-send campaigns (issue 13; 002 §2.2, §2.3, §3, §4, §5, §7 'Mass send', §8): creating one
// from any payload variant, the monitor's lists, and a person's Pausar / Continuar / Finalizar.
// Scoped to the session's unit; the leads come through the leads service, the instance through
// the WhatsApp module's campaign door.
import { formatDateTime } from '@funil/domain/format/date';
import { ERROR_CODES } from '@funil/domain/http/errors';
import { hasInvalidCharacter } from '@funil/domain/http/text-characters';
import {
  MASS_SEND_MESSAGES,
  massSendPayloadSchema,
  massSendSettingsOf,
  normalizeMassSendPayload,
  type MassSendCampaign,
  type MassSendCapacity,
  type MassSendPayload,
  type MassSendRecipient,
  type MassSendSettings,
  type MassSendStatus,
  type NormalizedMassSend,
} from '@funil/domain/mass-send/mass-send-api';
import { dailyCap, nextAllowedTime, nextSaoPauloDay, startOfSaoPauloDay } from '@funil/domain/mass-send/pacing';
import { createCampaignEvent, updateCampaignEvent } from '@funil/domain/realtime/events';

import type { Db } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { Session } from '../auth/auth.service.ts';
import { negotiationStatuses } from '../catalog/catalog.service.ts';
import { extrasOf } from '../leads/leads.service.ts';
import { massSendLeadFacts, massSendLeadsOf, sessionSeesLead } from '../leads/views/mass-send/lead-mass-send.service.ts';
import { userNamesById } from '../users/users.service.ts';
import {
  campaignInstanceById,
  campaignInstanceOfUnit,
  campaignInstancesOfUnit,
  type WhatsappContext,
} from '../whatsapp/campaign/campaign-send.service.ts';
import {
  abandonRecipients,
  campaignOfUnit,
  insertCampaign,
  instanceUsage,
  isOpenCampaignConflict,
  listCampaignsOfUnit,
  listRecipients,
  openCampaignOfInstance,
  openCampaignOfUnit,
  recordOutsideSend,
  setCampaignStatus,
  type CampaignRow,
  type RecipientRow,
} from './mass-send.repository.ts';

export type MassSendDeps = {
  db: Db;
  ctx: WhatsappContext;
  realtime: Pick<Realtime, 'toUnit' | 'toUsersWhoSee' | 'toUnitExceptWhoSee'>;
  now: () => Date;
  wake: () => void;
};

/** The one media file of a payload (002 §3 medias). */
export type MassSendMedia = { content: Buffer; mimetype: string; filename: string };

/** Largest media file accepted (what the gateway send path carries). */
export const MASS_SEND_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function campaignView(
  row: CampaignRow,
  extra: { usuario: string | null; respondidos: number; instancia: string | null },
): MassSendCampaign {
  return {
    id: row.id,
    name: row.nome,
    createdAt: row.criadoEm.toISOString(),
    updatedAt: row.atualizadoEm.toISOString(),
    status: row.status as MassSendStatus,
    totalClientes: row.total,
    clientesEnviados: row.enviados,
    respondidosUltimas24h: extra.respondidos,
    clientesErro: row.erros,
    clientesNaoEnviados: row.naoEnviados,
    intervaloMensagem: row.intervaloMensagem,
    instancia: extra.instancia,
    motivoPausa: row.status === 'PAUSADO' ? row.motivoPausa : null,
    aguardandoAte: row.status === 'EM_ANDAMENTO' ? iso(row.aguardandoAte) : null,
    motivoEspera: row.status === 'EM_ANDAMENTO' ? row.motivoEspera : null,
    idStatusNovo: row.idStatusNovo,
    usuario: extra.usuario,
  };
}

/** Whether a sent recipient's lead answered after the send and within the last 24 hours. */
const answered = (r: RecipientRow, recebidaEm: Date | null | undefined, now: Date) =>
  r.status === 'SENT' &&
  !!recebidaEm &&
  !!r.enviadoEm &&
  recebidaEm > r.enviadoEm &&
  now.getTime() - recebidaEm.getTime() <= 86_400_000;

async function viewsOf(deps: Pick<MassSendDeps, 'db' | 'ctx' | 'now'>, rows: CampaignRow[]): Promise<MassSendCampaign[]> {
  const now = deps.now();
  const names = await userNamesById(
    deps.db,
    rows.flatMap((r) => (r.idUsuario === null ? [] : [r.idUsuario])),
  );
  // Replies of the last 24 hours, for campaigns that sent in the last 8 days (older ones are not read).
  const recent = rows.filter((r) => r.enviados > 0 && now.getTime() - r.atualizadoEm.getTime() <= 8 * 86_400_000);
  const recipients = new Map<number, RecipientRow[]>();
  for (const r of recent)
    recipients.set(
      r.id,
      (await listRecipients(deps.db, r.id)).filter((x) => x.status === 'SENT'),
    );
  const facts = await massSendLeadFacts(deps.db, [...new Set([...recipients.values()].flat().map((r) => r.cliCrmId))]);
  const instanceNames = new Map<number, string | null>();
  for (const id of new Set(rows.flatMap((r) => (r.idInstancia === null ? [] : [r.idInstancia]))))
    instanceNames.set(id, (await campaignInstanceById(deps.ctx, id))?.name ?? null);
  return rows.map((row) =>
    campaignView(row, {
      usuario: row.idUsuario === null ? null : (names.get(row.idUsuario) ?? null),
      respondidos: (recipients.get(row.id) ?? []).filter((r) => answered(r, facts.get(r.cliCrmId)?.recebidaEm, now)).length,
      instancia: row.idInstancia === null ? null : (instanceNames.get(row.idInstancia) ?? null),
    }),
  );
}

/** GET /api/envio-em-massa: the unit's campaigns, newest first. */
export async function listCampaigns(
  deps: Pick<MassSendDeps, 'db' | 'ctx' | 'now'>,
  session: Session,
): Promise<MassSendCampaign[]> {
  return viewsOf(deps, await listCampaignsOfUnit(deps.db, session.unidadeId));
}

async function campaignOf(db: Db, session: Session, id: number): Promise<CampaignRow> {
  const row = await campaignOfUnit(db, session.unidadeId, id);
  if (!row) throw new DomainError('not_found', MASS_SEND_MESSAGES.campaignNotFound);
  return row;
}

/**
 * GET /api/envio-em-massa/{id}/clientes: the campaign and its leads (002 §3 'Campaign client'),
 * those the session may see (001 §6, issue 21: the row carries the lead's name, number and the
 * text sent); the campaign's counters stay the whole campaign's.
 */
export async function campaignRecipients(
  deps: Pick<MassSendDeps, 'db' | 'ctx' | 'now'>,
  session: Session,
  id: number,
): Promise<{ campanha: MassSendCampaign; data: MassSendRecipient[] }> {
  const row = await campaignOf(deps.db, session, id);
  const [campanha] = await viewsOf(deps, [row]);
  const all = await listRecipients(deps.db, row.id);
  const facts = await massSendLeadFacts(
    deps.db,
    all.map((r) => r.cliCrmId),
  );
  const recipients = all.filter((r) => sessionSeesLead(session, facts.get(r.cliCrmId)));
  const now = deps.now();
  const data = recipients.map((r): MassSendRecipient => {
    const f = facts.get(r.cliCrmId);
    return {
      id: r.id,
      name: f?.nome ?? '',
      number: r.numero?.split('@')[0] ?? f?.telefone ?? '',
      // SENDING is in flight: still Pendente for the monitor.
      status: r.status === 'SENDING' ? 'PENDING' : (r.status as MassSendRecipient['status']),
      respondeuUltimas24h: answered(r, f?.recebidaEm, now),
      cli_crm_id: r.cliCrmId,
      motivo: r.motivo,
      enviadoEm: iso(r.enviadoEm),
      mensagem: r.mensagem,
    };
  });
  return { campanha: campanha!, data };
}

/** GET /whatsapp/envio-em-progresso (002 §7): whether the unit has a campaign in progress (a running one first). */
export async function campaignInProgress(
  deps: Pick<MassSendDeps, 'db' | 'ctx' | 'now'>,
  session: Session,
): Promise<{ envioEmProgresso: boolean; campanha: MassSendCampaign | null }> {
  const open = await openCampaignOfUnit(deps.db, session.unidadeId);
  if (!open) return { envioEmProgresso: false, campanha: null };
  const [view] = await viewsOf(deps, [open]);
  return { envioEmProgresso: open.status === 'EM_ANDAMENTO', campanha: view ?? null };
}

/** Reads a payload in any of the 002 §3 shapes (the multipart `body` is JSON text). */
export function parsePayload(raw: unknown): ReturnType<typeof massSendPayloadSchema.parse> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw campaignRefused();
    }
  }
  const parsed = massSendPayloadSchema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    if (!first) throw campaignRefused();
    throw new DomainError('invalid', first.message, {
      fields: Object.fromEntries(parsed.error.issues.slice(0, 5).map((i) => [i.path.join('.') || 'body', i.message])),
    });
  }
  return parsed.data;
}

/**
 * POST /api/envio-em-massa and its older variants: checks the payload against 002 §5 and the
 * unit's settings, creates the campaign and its recipients (one unfinished campaign per WhatsApp
 * number: CAMPANHA_EXISTE), and wakes the engine.
 */
export async function createCampaign(
  deps: MassSendDeps,
  session: Session,
  payload: MassSendPayload,
  media: MassSendMedia | null,
  options: { requireName: boolean },
): Promise<MassSendCampaign> {
  const now = deps.now();
  const parsed = massSendPayloadSchema.parse(payload);
  if (options.requireName && !parsed.nomeDisparo?.trim())
    throw new DomainError('invalid', MASS_SEND_MESSAGES.nameRequired, { fields: { nomeDisparo: MASS_SEND_MESSAGES.required } });
  const n: NormalizedMassSend = normalizeMassSendPayload(parsed, `Disparo ${formatDateTime(now)}`);
  const settings = massSendSettingsOf(extrasOf(session).configuracoes_envio_em_massa);
  if (n.leads.length === 0) throw new DomainError('invalid', MASS_SEND_MESSAGES.noLeads);
  if (n.leads.length > settings.quantidade_max_leads)
    throw new DomainError('invalid', MASS_SEND_MESSAGES.maxSelected, {
      fields: { numeroDeClientes: MASS_SEND_MESSAGES.max(settings.quantidade_max_leads) },
    });
  if (!media && n.mensagens.length === 0 && n.leads.some((l) => !l.mensagem))
    throw new DomainError('invalid', MASS_SEND_MESSAGES.emptyMessage);
  if ([...n.mensagens, ...n.leads.map((l) => l.mensagem ?? '')].some((t) => hasInvalidCharacter(t))) throw campaignRefused();
  // The unit's bounds hold on the server too (002 §5 intervaloTempo).
  const interval = Math.min(Math.max(n.intervaloMensagem, settings.tempo_minimo), settings.tempo_maximo);
  if (
    n.idStatusNovo !== null &&
    !(await negotiationStatuses(deps.db, session.empresaId)).some((s) => s.idFunil === n.idStatusNovo)
  ) {
    throw new DomainError('invalid', MASS_SEND_MESSAGES.statusNotFound);
  }
  const visible = await massSendLeadsOf(
    deps.db,
    session,
    n.leads.map((l) => l.cliCrmId),
  );
  if (visible.length !== n.leads.length) throw new DomainError('not_found', MASS_SEND_MESSAGES.leadNotFound);
  const instance = await sendingInstance(deps, session.unidadeId, n.instanceName);
  // One unfinished campaign per WhatsApp number (issue 21): a paused one holds its own number only.
  if (await openCampaignOfInstance(deps.db, instance.id)) throw campaignExists();
  let row: CampaignRow;
  try {
    row = await deps.db.transaction((tx) =>
      insertCampaign(
        tx,
        {
          idEmpresa: session.empresaId,
          idUnidade: session.unidadeId,
          idUsuario: session.userId,
          nome: n.nome.slice(0, 120),
          intervaloMensagem: interval,
          mensagens: n.mensagens,
          midiaBase64: media ? media.content.toString('base64') : null,
          midiaMimetype: media?.mimetype ?? null,
          midiaNome: media?.filename.slice(0, 200) ?? null,
          idStatusNovo: n.idStatusNovo,
          idInstancia: instance.id,
          proximoEnvioEm: now,
          criadoEm: now,
          atualizadoEm: now,
        },
        n.leads.map((l) => ({ cliCrmId: l.cliCrmId, mensagemPropria: l.mensagem })),
      ),
    );
  } catch (err) {
    if (isOpenCampaignConflict(err)) throw campaignExists();
    throw err;
  }
  deps.realtime.toUnit(session.unidadeId, createCampaignEvent(session.empresaId), { campanhaId: row.id, status: 'EM_ANDAMENTO' });
  deps.wake();
  const [view] = await viewsOf(deps, [row]);
  return view!;
}

/**
 * The number a new campaign sends from: the one named, or (older payloads, no choice offered) the
 * unit's first connected number that no unfinished campaign holds, else its first connected one.
 */
async function sendingInstance(deps: Pick<MassSendDeps, 'db' | 'ctx'>, idUnidade: number, name: string | null) {
  if (name) {
    const named = await campaignInstanceOfUnit(deps.ctx, idUnidade, name);
    if (!named) throw new DomainError('not_found', MASS_SEND_MESSAGES.instanceNotFound);
    return named;
  }
  const open = (await campaignInstancesOfUnit(deps.ctx, idUnidade)).filter((i) => i.connectionStatus === 'open');
  for (const candidate of open) if (!(await openCampaignOfInstance(deps.db, candidate.id))) return candidate;
  if (!open[0]) throw new DomainError('conflict', MASS_SEND_MESSAGES.noInstance);
  return open[0];
}

const campaignExists = () =>
  new DomainError('conflict', MASS_SEND_MESSAGES.campaignExists, { errorCode: ERROR_CODES.campaignExists });

/** 002 §8 'Erro ao cadastrar disparo' without a reason of its own (a body that cannot be read). */
export const campaignRefused = () =>
  new DomainError('invalid', MASS_SEND_MESSAGES.createFailed, { errorCode: ERROR_CODES.campaignRefused });

/**
 * PUT /api/envio-em-massa/{id} {status} (002 §4): PAUSADO only from in progress, EM_ANDAMENTO
 * (Continuar) only from paused, FINALIZADO from either; finalizing leaves the unsent leads
 * 'Não Enviado'. Another status is refused (409) and changes nothing.
 */
export async function changeCampaignStatus(
  deps: MassSendDeps,
  session: Session,
  id: number,
  status: MassSendStatus,
): Promise<MassSendCampaign> {
  const row = await campaignOf(deps.db, session, id);
  const now = deps.now();
  let updated: CampaignRow | null = null;
  if (status === 'PAUSADO')
    updated = await setCampaignStatus(deps.db, row.id, ['EM_ANDAMENTO'], {
      status,
      motivoPausa: null,
      aguardandoAte: null,
      motivoEspera: null,
      atualizadoEm: now,
    });
  if (status === 'EM_ANDAMENTO')
    updated = await setCampaignStatus(deps.db, row.id, ['PAUSADO'], {
      status,
      motivoPausa: null,
      proximoEnvioEm: now,
      atualizadoEm: now,
    });
  if (status === 'FINALIZADO') {
    updated = await deps.db.transaction(async (tx) => {
      const done = await setCampaignStatus(tx, row.id, ['EM_ANDAMENTO', 'PAUSADO'], {
        status,
        finalizadoEm: now,
        atualizadoEm: now,
        aguardandoAte: null,
        motivoEspera: null,
      });
      if (done) await abandonRecipients(tx, row.id, MASS_SEND_MESSAGES.finalized, now);
      return done;
    });
  }
  if (!updated) throw new DomainError('conflict', MASS_SEND_MESSAGES.invalidTransition);
  deps.realtime.toUnit(session.unidadeId, updateCampaignEvent(session.empresaId), { campanhaId: row.id, status });
  if (status === 'EM_ANDAMENTO') deps.wake();
  const [view] = await viewsOf(deps, [(await campaignOfUnit(deps.db, session.unidadeId, row.id)) ?? updated]);
  return view!;
}

/** GET /api/envio-em-massa/capacidade: the unit's settings and each number's use today (the composer's projected finish). */
export async function massSendCapacity(
  deps: Pick<MassSendDeps, 'db' | 'ctx' | 'now'>,
  session: Session,
): Promise<MassSendCapacity> {
  const now = deps.now();
  const configuracoes = massSendSettingsOf(extrasOf(session).configuracoes_envio_em_massa);
  const instancias = [];
  for (const row of await campaignInstancesOfUnit(deps.ctx, session.unidadeId)) {
    const usage = await instanceUsage(deps.db, row.id, startOfSaoPauloDay(now));
    instancias.push({
      nome: row.name,
      conectada: row.connectionStatus === 'open',
      enviadosHoje: usage.today,
      limiteHoje: dailyCap(configuracoes.aquecimento, usage.firstUse, now),
      primeiroUso: iso(usage.firstUse),
    });
  }
  return { configuracoes, instancias };
}

/**
 * A number's daily cap for a send outside a campaign (issue 25: an automation's sends): the
 * instance's sends today in the ledger against its warm-up cap. Null when it may send now; else the
 * next allowed slot of the next São Paulo day.
 */
export async function instanceCapReachedUntil(
  db: Db,
  settings: Pick<MassSendSettings, 'aquecimento' | 'horario_inicio' | 'horario_fim' | 'dias_semana'>,
  idInstancia: number,
  now: Date,
): Promise<Date | null> {
  const usage = await instanceUsage(db, idInstancia, startOfSaoPauloDay(now));
  if (usage.today < dailyCap(settings.aquecimento, usage.firstUse, now)) return null;
  return nextAllowedTime(settings, nextSaoPauloDay(now)) ?? nextSaoPauloDay(now);
}

/**
 * Records a send outside a campaign in the number's ledger (id_campanha 0), so the caps count it. With a
 * `chave` (the sender's idempotency key) the row is written once per key: true when this call wrote it.
 */
export function recordLedgerSend(
  db: Db,
  input: { idInstancia: number; idUnidade: number; numero: string; text: string; at: Date; chave?: string },
): Promise<boolean> {
  return recordOutsideSend(db, input);
}
