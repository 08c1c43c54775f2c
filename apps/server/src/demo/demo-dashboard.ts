// The demo's attendance history (issue 14): every lead the demo shows as contacted gets the calls,
// WhatsApp messages and negotiation moves that brought it to its status, at times after its
// capture (the last 90 days), so the dashboards of both units open full. The rows are written
// directly, like the rest of the demo seed; migration 0013's triggers fill the dashboards' read
// model from them as they would from the real screens.
import { count, inArray } from 'drizzle-orm';

import { isConversionStatus } from '@funil/domain/dashboard/dashboard-api';
import { CALL_STATUS_TEXT } from '@funil/domain/leads/call-attempts';

import type { DbOrTx } from '../db/handle.ts';
import { historico, leads } from '../modules/leads/leads.table.ts';
import { whatsappMensagens } from '../modules/whatsapp/chat/messages.table.ts';

const OPENERS = [
  'Oi! Aqui é da Sorriso Perfeito 😊 Vi que você se interessou pelo nosso anúncio. Posso te ajudar?',
  'Olá, tudo bem? Recebemos seu contato pelo anúncio. Quer agendar uma avaliação gratuita?',
  'Bom dia! Aqui é da clínica Sorriso Perfeito. Podemos conversar sobre o tratamento?',
];
const REPLIES = [
  'Oi, tudo bem! Quero saber os valores',
  'Olá! Tenho interesse sim',
  'Qual horário vocês têm essa semana?',
  'Pode me mandar mais informações?',
];
const FOLLOW_UPS = [
  'Claro! A avaliação é gratuita e dura uns 30 minutos. Prefere manhã ou tarde?',
  'Perfeito, te envio as condições agora mesmo.',
  'Temos horário na quinta às 15h, pode ser?',
];
const NUDGES = ['Conseguiu ver minha mensagem?', 'Ainda tem interesse no tratamento? Estou à disposição.'];

type Options = {
  idEmpresa: number;
  /** The attendants of each unit (unit id → user ids). */
  attendants: Map<number, number[]>;
  now: Date;
  random: () => number;
};

export async function seedDemoDashboard(tx: DbOrTx, opts: Options): Promise<void> {
  const { now, random } = opts;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const minutes = (n: number) => n * 60_000;
  const rows = await tx
    .select({
      id: leads.cliCrmId,
      unidade: leads.idUnidade,
      telefone: leads.cliTelefone,
      nome: leads.cliNome,
      status: leads.cliStatusNegociacao,
      contato: leads.cliContatoStatus,
      mensagem: leads.cliMensagemStatus,
      captado: leads.cliDataCaptacao,
      usuario: leads.idUsuario,
    })
    .from(leads)
    .orderBy(leads.cliCrmId);
  // Leads whose conversation the chat demo already wrote keep it as it is.
  const chatted = new Set(
    (
      await tx
        .select({ id: whatsappMensagens.cliCrmId, n: count() })
        .from(whatsappMensagens)
        .where(
          inArray(
            whatsappMensagens.cliCrmId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(whatsappMensagens.cliCrmId)
    ).map((r) => r.id),
  );
  const latest = now.getTime() - minutes(2);
  const clamp = (t: number) => Math.min(t, latest);

  const history: (typeof historico.$inferInsert)[] = [];
  const messages: (typeof whatsappMensagens.$inferInsert)[] = [];
  const lastMessage = new Map<
    number,
    { texto: string; em: Date; fromMe: boolean; enviada: Date | null; recebida: Date | null }
  >();

  for (const lead of rows) {
    if (lead.status === 1 && lead.contato === 1) continue;
    const attendant = lead.usuario ?? pick(opts.attendants.get(lead.unidade) ?? [0]);
    const user = attendant === 0 ? null : attendant;
    const captured = lead.captado.getTime();
    // First contact: minutes to a day after capture (faster in the first unit's good weeks).
    let at = clamp(captured + minutes(3 + Math.floor(random() * (random() < 0.7 ? 120 : 1440))));
    const byMessage = !chatted.has(lead.id) && (lead.mensagem > 0 || random() < 0.45);
    if (byMessage) {
      const jid = `55${lead.telefone}@s.whatsapp.net`;
      const push = (fromMe: boolean, body: string, when: number) => {
        messages.push({
          idEmpresa: opts.idEmpresa,
          idUnidade: lead.unidade,
          cliCrmId: lead.id,
          messageId: `DASH${String(lead.id).padStart(6, '0')}${String(messages.length).padStart(5, '0')}`,
          remoteJid: jid,
          phoneJid: jid,
          fromMe,
          mediaType: 'chat',
          gatewayType: 'conversation',
          body,
          ack: fromMe ? 4 : 0,
          lido: true,
          pushName: fromMe ? null : lead.nome,
          idUsuario: fromMe ? user : null,
          senderTimestamp: Math.floor(when / 1000),
          criadoEm: new Date(when),
        });
        const previous = lastMessage.get(lead.id);
        lastMessage.set(lead.id, {
          texto: body,
          em: new Date(when),
          fromMe,
          enviada: fromMe ? new Date(when) : (previous?.enviada ?? null),
          recebida: fromMe ? (previous?.recebida ?? null) : new Date(when),
        });
      };
      push(true, pick(OPENERS), at);
      // 001 §4 message status 2 and 3: the lead answered.
      if (lead.mensagem >= 2 || (lead.contato === 3 && random() < 0.6)) {
        at = clamp(at + minutes(2 + Math.floor(random() * 90)));
        push(false, pick(REPLIES), at);
        at = clamp(at + minutes(1 + Math.floor(random() * 40)));
        push(true, pick(FOLLOW_UPS), at);
      } else {
        at = clamp(at + minutes(600 + Math.floor(random() * 1440)));
        push(true, pick(NUDGES), at);
      }
    }
    // Calls: the attended leads were reached by phone after one to three attempts; the 'Não Atendido' ones never.
    if (!byMessage || lead.contato !== 1) {
      const attempts = lead.contato === 2 ? 2 + Math.floor(random() * 3) : 1 + Math.floor(random() * 3);
      for (let i = 0; i < attempts; i++) {
        const answered = lead.contato === 3 && i === attempts - 1;
        const talked = answered ? 40 + Math.floor(random() * 560) : 0;
        const ringing = 8 + Math.floor(random() * 25);
        history.push({
          cliCrmId: lead.id,
          idUnidade: lead.unidade,
          atendente: user,
          tipo: answered ? 3 : 4,
          datacad: new Date(at),
          dataComentario: new Date(at),
          duracao: ringing + talked,
          duracaoFalada: talked,
          duracaoCobrada: talked > 0 ? Math.ceil(talked / 60) * 60 : 0,
          statusChamada: answered ? CALL_STATUS_TEXT.answered : CALL_STATUS_TEXT.noAnswer,
          tentativas: i + 1,
        });
        at = clamp(at + minutes(30 + Math.floor(random() * 600)));
      }
    }
    // Negotiation moves to the current status; a sale passes through 'Em negociação' first.
    if (lead.status !== 1) {
      const converted = isConversionStatus(lead.status);
      const path = converted ? [4, lead.status] : [lead.status];
      let from = 1;
      for (const to of path) {
        at = clamp(at + minutes(converted ? 240 + Math.floor(random() * 4 * 1440) : 10 + Math.floor(random() * 300)));
        history.push({
          cliCrmId: lead.id,
          idUnidade: lead.unidade,
          atendente: user,
          tipo: 5,
          datacad: new Date(at),
          dataComentario: new Date(at),
          idAntigo: from,
          idNovo: to,
        });
        from = to;
      }
    }
  }

  // Per lead in time order, so the read model measures each answer as it happened.
  messages.sort((a, b) => a.cliCrmId - b.cliCrmId || a.criadoEm.getTime() - b.criadoEm.getTime());
  history.sort((a, b) => a.cliCrmId - b.cliCrmId || a.datacad!.getTime() - b.datacad!.getTime());
  for (let i = 0; i < messages.length; i += 500) await tx.insert(whatsappMensagens).values(messages.slice(i, i + 500));
  for (let i = 0; i < history.length; i += 500) await tx.insert(historico).values(history.slice(i, i + 500));
  for (const [id, last] of lastMessage) {
    await tx
      .update(leads)
      .set({
        whatsappUltimaMensagemTexto: last.texto,
        whatsappUltimaMensagemDataGeral: last.em,
        whatsappUltimaMensagemDataEnviada: last.enviada,
        whatsappUltimaMensagemDataRecebida: last.recebida,
        whatsappUltimaMensagemFromMe: last.fromMe ? 1 : 0,
        whatsappUltimaMensagemTipo: 'chat',
        whatsappUltimaMensagemStatus: last.fromMe ? 3 : null,
      })
      .where(inArray(leads.cliCrmId, [id]));
  }
}
