// The demo's showcase conversation (issue 9, 001 §2 "Message area"): yesterday's part of the
// newest chat of the first unit holds every kind of bubble an attendant meets besides files — a
// location card with 'Visualizar', a shared contact with 'Conversar', a reaction, a quoted reply, a
// missed call, a message the contact deleted and an edited one — so `npm start` shows them all.
import { and, desc, eq, isNotNull } from 'drizzle-orm';

import type { DbOrTx } from '../db/handle.ts';
import { leads } from '../modules/leads/leads.table.ts';
import { whatsappMensagens } from '../modules/whatsapp/chat/messages.table.ts';

type Row = typeof whatsappMensagens.$inferInsert;

export async function seedDemoConversation(
  tx: DbOrTx,
  opts: { idEmpresa: number; idUnidade: number; viewerId: number | null; now: Date },
): Promise<void> {
  const [lead] = await tx
    .select({ id: leads.cliCrmId, telefone: leads.cliTelefone, nome: leads.cliNome })
    .from(leads)
    .where(and(eq(leads.idUnidade, opts.idUnidade), isNotNull(leads.whatsappUltimaMensagemDataGeral)))
    .orderBy(desc(leads.whatsappUltimaMensagemDataGeral))
    .limit(1);
  if (!lead) return;
  const jid = `55${lead.telefone}@s.whatsapp.net`;
  // Yesterday from 16:30 (São Paulo, UTC−3), a few minutes apart.
  const day = new Date(opts.now.getTime() - 86_400_000);
  const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 19, 30);
  const id = (n: number) => `DEMOSHOW${String(lead.id).padStart(6, '0')}${String(n).padStart(2, '0')}`;
  let n = 0;
  const row = (set: Partial<Row> & Pick<Row, 'fromMe' | 'mediaType' | 'body'>): Row => {
    n += 1;
    const at = new Date(start + n * 3 * 60_000);
    return {
      idEmpresa: opts.idEmpresa,
      idUnidade: opts.idUnidade,
      cliCrmId: lead.id,
      messageId: id(n),
      remoteJid: jid,
      phoneJid: jid,
      gatewayType: 'conversation',
      ack: set.fromMe ? 4 : 0,
      lido: true,
      pushName: set.fromMe ? null : lead.nome,
      idUsuario: set.fromMe ? opts.viewerId : null,
      senderTimestamp: Math.floor(at.getTime() / 1000),
      criadoEm: at,
      ...set,
    };
  };
  const sister = 'Ela também quer fazer o clareamento 😁';
  const rows: Row[] = [
    row({ fromMe: false, mediaType: 'chat', body: 'Oi! Onde fica a clínica mesmo?' }),
    row({
      fromMe: true,
      mediaType: 'locationMessage',
      gatewayType: 'locationMessage',
      body: '|https://maps.google.com/?q=-23.5614,-46.6559|Av. Paulista, 1000 – Bela Vista, São Paulo',
    }),
  ];
  const location = rows[1]!.messageId!;
  rows.push(
    row({ fromMe: false, mediaType: 'reaction', gatewayType: 'reactionMessage', body: '👍', reactionTargetId: location }),
    row({
      fromMe: false,
      mediaType: 'contactMessage',
      gatewayType: 'contactMessage',
      body: 'BEGIN:VCARD\nVERSION:3.0\nFN:Juliana Prado\nitem1.TEL;waid=5511976543210:+55 11 97654-3210\nEND:VCARD',
    }),
    row({ fromMe: false, mediaType: 'chat', body: sister }),
  );
  const quoted = rows[rows.length - 1]!.messageId!;
  rows.push(
    row({
      fromMe: true,
      mediaType: 'chat',
      body: 'Que ótimo! Vou chamar a Juliana por aqui mesmo 😊',
      quotedMessageId: quoted,
      quoted: { messageId: quoted, body: sister, fromMe: false, mediaType: 'chat', contactName: lead.nome },
    }),
    row({ fromMe: false, mediaType: 'call_log', gatewayType: 'call', body: 'Chamada de voz/vídeo perdida às 16:48' }),
    row({ fromMe: false, mediaType: 'chat', body: 'ops, mandei pra pessoa errada', isDeleted: true }),
  );
  const edited = row({ fromMe: true, mediaType: 'chat', body: 'Então fica *amanhã às 15h* para vocês duas, combinado?' });
  rows.push(
    {
      ...edited,
      editadoEm: new Date((edited.criadoEm as Date).getTime() + 60_000),
      corpoOriginal: 'Então fica amanhã às 14h para vocês duas, combinado?',
    },
    row({ fromMe: false, mediaType: 'chat', body: 'Combinado! Até amanhã' }),
  );
  await tx.insert(whatsappMensagens).values(rows);
}
