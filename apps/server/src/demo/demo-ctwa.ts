// Issue 23 §7: the first unit's conversation started from a click-to-WhatsApp ad. One of the unit's
// leads without a chat (so the lead count stays) becomes the lead that wrote from the ad 'Clareamento
// 50% off' two hours ago: its origin (channel 'whatsapp-anuncio', the catalogue's campaign > ad set
// > ad, exact id), what the gateway told of the ad (informacoesExtra), the ad's tag with its history
// event, and the conversation whose first message came with the ad, as the webhook would have left them.
import { and, desc, eq, isNull, or } from 'drizzle-orm';

import { TIMELINE_EVENT_TYPE } from '@funil/domain/leads/timeline';

import type { DbOrTx } from '../db/handle.ts';
import type { CatalogueAd } from '../modules/ads/ads.service.ts';
import { AD_MESSAGE_HISTORY, adMessageOrigin, adReplyExtras } from '../modules/leads/lead-ad-message.service.ts';
import { firstTouchColumns } from '../modules/leads/lead-origin.ts';
import { historico, leads } from '../modules/leads/leads.table.ts';
import { leadTags } from '../modules/tags/tags.table.ts';
import { whatsappMensagens } from '../modules/whatsapp/chat/messages.table.ts';
import { DEMO_AD_CAMPAIGNS } from './demo-ads.ts';

/** The demo's click-to-WhatsApp ad: the second campaign's first ad ('Clareamento 50% off'). */
const CAMPAIGN = DEMO_AD_CAMPAIGNS[1]!;
const AD_SET = CAMPAIGN.conjuntos[0]!;
const AD = AD_SET.ads[0]!;

const SCRIPT: [fromMe: boolean, text: string][] = [
  [false, 'Olá! Vi o anúncio do clareamento com 50% de desconto. Ainda está valendo?'],
  [true, 'Oi! Está sim, até o fim do mês 😊 Você já fez clareamento antes?'],
  [false, 'Nunca fiz. Quanto fica e quantas sessões são?'],
  [true, 'São 2 sessões no consultório. Posso agendar uma avaliação gratuita para você esta semana?'],
  [false, 'Pode ser quinta à tarde?'],
];

export async function seedDemoCtwaConversation(
  tx: DbOrTx,
  opts: { idEmpresa: number; idUnidade: number; viewerId: number | null; now: Date; tags: { id: number; nome: string }[] },
): Promise<void> {
  const visible =
    opts.viewerId === null ? isNull(leads.idUsuario) : or(isNull(leads.idUsuario), eq(leads.idUsuario, opts.viewerId));
  const [lead] = await tx
    .select({ id: leads.cliCrmId, telefone: leads.cliTelefone, nome: leads.cliNome })
    .from(leads)
    .where(and(eq(leads.idUnidade, opts.idUnidade), isNull(leads.whatsappUltimaMensagemDataGeral), visible))
    .orderBy(desc(leads.cliDataCaptacao))
    .limit(1);
  if (!lead) return;
  const start = opts.now.getTime() - 2 * 3_600_000;
  const ad: CatalogueAd = {
    idAd: 0,
    ad_id: AD.id,
    ad_name: AD.nome,
    idAdSet: 0,
    adset_id: AD_SET.id,
    adset_name: AD_SET.nome,
    idCampanha: 0,
    campaign_id: CAMPAIGN.id,
    campaign_name: CAMPAIGN.nome,
    idUnidade: opts.idUnidade,
    tagIds: [],
  };
  const origin = adMessageOrigin(ad, 'id-exato', new Date(start));
  const extras = adReplyExtras({
    sourceType: 'ad',
    sourceId: AD.id,
    ctwaClid: 'ARAkLkA8rmlFeiCktEJQ-demo',
    title: 'Clareamento dental com 50% off',
    body: 'Sorriso mais branco em 2 sessões. Fale com a gente pelo WhatsApp!',
    sourceUrl: 'https://fb.me/sorrisoperfeito-clareamento',
  });
  const times = SCRIPT.map((_line, i) => start + i * 6 * 60_000);
  const last = SCRIPT.length - 1;
  await tx
    .update(leads)
    .set({
      ...firstTouchColumns(origin),
      cliDataCaptacao: new Date(start),
      informacoesExtra: extras,
      whatsappUltimaMensagemTexto: SCRIPT[last]![1],
      whatsappUltimaMensagemDataGeral: new Date(times[last]!),
      whatsappUltimaMensagemDataEnviada: new Date(times[last - 1]!),
      whatsappUltimaMensagemDataRecebida: new Date(times[last]!),
      whatsappUltimaMensagemNaoLidas: 1,
      whatsappUltimaMensagemFromMe: 0,
      whatsappUltimaMensagemTipo: 'chat',
    })
    .where(eq(leads.cliCrmId, lead.id));
  const jid = `55${lead.telefone}@s.whatsapp.net`;
  await tx.insert(whatsappMensagens).values(
    SCRIPT.map(([fromMe, text], i) => ({
      idEmpresa: opts.idEmpresa,
      idUnidade: opts.idUnidade,
      cliCrmId: lead.id,
      messageId: `DEMOCTWA${String(lead.id).padStart(6, '0')}${String(i).padStart(2, '0')}`,
      remoteJid: jid,
      phoneJid: jid,
      fromMe,
      mediaType: 'chat',
      // The first message came from the ad: an extendedTextMessage carrying contextInfo.externalAdReply.
      gatewayType: i === 0 ? 'extendedTextMessage' : 'conversation',
      body: text,
      ack: fromMe ? 4 : 0,
      lido: i < last,
      pushName: fromMe ? null : lead.nome,
      idUsuario: fromMe ? opts.viewerId : null,
      senderTimestamp: Math.floor(times[i]! / 1000),
      criadoEm: new Date(times[i]!),
    })),
  );
  // The ad's tags (issue 23 §4), each with its mensagemTag history event (000 §4), after the creation's.
  const adTags = opts.tags.filter((t) => AD.tags.includes(t.nome));
  await tx.insert(historico).values([
    {
      cliCrmId: lead.id,
      idUnidade: opts.idUnidade,
      atendente: null,
      tipo: TIMELINE_EVENT_TYPE.usuario,
      descricao: AD_MESSAGE_HISTORY.created,
      datacad: new Date(start),
    },
    ...adTags.map((t) => ({
      cliCrmId: lead.id,
      idUnidade: opts.idUnidade,
      atendente: null,
      tipo: TIMELINE_EVENT_TYPE.mensagemTag,
      idNovo: t.id,
      descricao: t.nome,
      datacad: new Date(start),
    })),
  ]);
  if (adTags.length > 0)
    await tx
      .insert(leadTags)
      .values(adTags.map((t) => ({ cliCrmId: lead.id, idTag: t.id })))
      .onConflictDoNothing();
}
