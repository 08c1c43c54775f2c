// The demo's WhatsApp history (issue 9): the first unit's chat opens full of conversations of the
// last days (some waiting with unread messages, some answered and read, acks at every level), so
// `npm start` shows the chat as attendants live in it. The demo gateway's auto-reply keeps a few of
// them alive afterwards. The seed writes the rows directly, like the rest of the demo seed.
import { and, eq, inArray, isNull, or } from 'drizzle-orm';

import type { DbOrTx } from '../db/handle.ts';
import { leads } from '../modules/leads/leads.table.ts';
import { whatsappMensagens } from '../modules/whatsapp/chat/messages.table.ts';

type Line = readonly [fromMe: boolean, text: string];

// A dental clinic's everyday conversations (the demo company is 'Sorriso Perfeito Odontologia').
const SCRIPTS: readonly (readonly Line[])[] = [
  [
    [false, 'Oi, boa tarde! Vi o anúncio do clareamento, qual o valor?'],
    [true, 'Boa tarde! Tudo bem? O clareamento a laser sai por *R$ 890,00* em até 6x sem juros 😊'],
    [true, 'Quer agendar uma avaliação gratuita para ver se é indicado pra você?'],
    [false, 'Quero sim! Vocês têm horário na quinta?'],
  ],
  [
    [false, 'Olá, gostaria de saber sobre implante'],
    [true, 'Olá! Claro. Você já fez alguma avaliação ou seria a primeira vez?'],
    [false, 'Primeira vez. Perdi um dente do fundo faz uns meses'],
    [true, 'Entendi. O ideal é uma avaliação com raio-x panorâmico, que é por nossa conta. Posso marcar para segunda às 10h?'],
    [false, 'Pode sim, obrigada!'],
    [true, 'Agendado ✔ Segunda às 10h na Unidade Paulista. Qualquer coisa é só chamar.'],
  ],
  [
    [true, 'Oi! Aqui é da Sorriso Perfeito, tudo bem? Vi que você se interessou pela *ortodontia invisível*.'],
    [true, 'Posso te enviar as condições?'],
  ],
  [
    [false, 'Bom dia, vocês atendem convênio?'],
    [true, 'Bom dia! Atendemos particular, mas temos condições especiais e parcelamos em até 12x.'],
    [false, 'Entendi… e a limpeza quanto fica?'],
    [true, 'A limpeza com profilaxia está R$ 180,00 este mês.'],
    [false, 'Ótimo, vou ver com meu marido e te falo'],
    [false, 'Consegue sábado de manhã?'],
  ],
  [
    [false, 'Boa noite! Minha filha tem 12 anos e precisa de aparelho, vocês fazem?'],
    [true, 'Boa noite! Fazemos sim, temos ortodontista especializada em crianças e adolescentes.'],
    [true, 'A primeira consulta é uma avaliação com fotos e moldagem digital.'],
    [false, 'Que bom! Qual o próximo horário?'],
    [true, 'Tenho quarta às 17h30 ou sexta às 9h. Qual fica melhor?'],
    [false, 'Quarta às 17h30, obrigada! 😊'],
  ],
  [
    [false, 'Oi, estou com muita dor no dente 😣 vocês atendem urgência hoje?'],
    [true, 'Oi! Atendemos sim. Consegue vir às 15h?'],
    [false, 'Consigo! Obrigado'],
  ],
  [
    [true, 'Olá! Passando para confirmar sua consulta de amanhã às 14h. Podemos confirmar?'],
    [false, 'Confirmado!'],
    [true, 'Perfeito, até amanhã! 😊'],
  ],
  [
    [false, 'Quanto custa a lente de contato dental?'],
    [true, 'Oi! O valor depende de quantos dentes. Em média R$ 1.200 por elemento, com avaliação gratuita.'],
    [false, 'Nossa, é caro… tem parcelamento?'],
    [true, 'Tem sim, em até 18x no cartão. E fechando este mês o clareamento é cortesia.'],
    [false, 'Hmm interessante'],
    [false, 'Vou pensar e te aviso'],
    [false, 'Aliás, vocês abrem no sábado?'],
  ],
  [
    [false, 'Olá, quero remarcar minha consulta de sexta'],
    [true, 'Olá! Claro, qual dia fica melhor para você?'],
    [false, 'Pode ser terça à tarde?'],
  ],
  [
    [true, 'Oi! Tudo bem? Como ficou o resultado do clareamento?'],
    [false, 'Amei!! Ficou lindo, obrigada 😍'],
    [true, 'Que alegria! Se puder, deixa uma avaliação pra gente no Google 🙏'],
  ],
];

/** How many leads of the first unit get a conversation. */
const CONVERSATIONS = 36;

/**
 * Writes the conversations and the leads' last-message fields (001 §3 list-derived fields).
 * `viewerId` is the unit's attendant: only leads they may see (unassigned or theirs) get one, so
 * the demo attendant's chat is the full one.
 */
export async function seedDemoChat(
  tx: DbOrTx,
  opts: { idEmpresa: number; idUnidade: number; viewerId: number | null; now: Date; random: () => number },
): Promise<void> {
  const { idEmpresa, idUnidade, now, random } = opts;
  const visible =
    opts.viewerId === null ? isNull(leads.idUsuario) : or(isNull(leads.idUsuario), eq(leads.idUsuario, opts.viewerId));
  const chosen = await tx
    .select({ id: leads.cliCrmId, telefone: leads.cliTelefone, nome: leads.cliNome })
    .from(leads)
    .where(and(eq(leads.idUnidade, idUnidade), visible))
    .orderBy(leads.cliCrmId)
    .limit(CONVERSATIONS * 2);
  // Every other lead, so the unit's first leads (used by the screens' own tests) are not all chats.
  const picked = chosen.filter((_lead, i) => i % 2 === 1).slice(0, CONVERSATIONS);
  const rows: (typeof whatsappMensagens.$inferInsert)[] = [];

  for (const [index, lead] of picked.entries()) {
    const script = SCRIPTS[index % SCRIPTS.length]!;
    // The newest conversations end minutes ago, the oldest three days ago.
    const end =
      now.getTime() - Math.floor((index / CONVERSATIONS) ** 2 * 3 * 86_400_000) - Math.floor(random() * 20 * 60_000) - 60_000;
    const times = script.map((_line, i) => end - (script.length - 1 - i) * (2 + Math.floor(random() * 7)) * 60_000);
    // Conversations ending with the lead's messages wait unread for about half of them.
    const unreadWaiting = !script[script.length - 1]![0] && index % 2 === 0;
    let trailingIncoming = 0;
    for (let i = script.length - 1; i >= 0 && !script[i]![0]; i--) trailingIncoming++;
    const unread = unreadWaiting ? trailingIncoming : 0;
    const lastOwn = script.reduce((last, [fromMe], i) => (fromMe ? i : last), -1);
    const jid = `55${lead.telefone}@s.whatsapp.net`;

    script.forEach(([fromMe, text], i) => {
      const answered = script.slice(i + 1).some(([later]) => !later);
      // Own messages: read when the lead answered after them, else delivered or only sent.
      const ack = fromMe ? (answered ? 4 : index % 3 === 0 ? 2 : 3) : 0;
      rows.push({
        idEmpresa,
        idUnidade,
        cliCrmId: lead.id,
        messageId: `DEMO${String(lead.id).padStart(6, '0')}${String(i).padStart(3, '0')}`,
        remoteJid: jid,
        phoneJid: jid,
        fromMe,
        mediaType: 'chat',
        gatewayType: 'conversation',
        body: text,
        ack,
        lido: !fromMe && !(unread > 0 && i > lastOwn),
        pushName: fromMe ? null : lead.nome,
        idUsuario: fromMe ? opts.viewerId : null,
        senderTimestamp: Math.floor(times[i]! / 1000),
        criadoEm: new Date(times[i]!),
      });
    });

    const lastIndex = script.length - 1;
    const [lastFromMe, lastText] = script[lastIndex]!;
    const lastOwnTime = lastOwn >= 0 ? new Date(times[lastOwn]!) : null;
    const lastIncoming = script.reduce((last, [fromMe], i) => (fromMe ? last : i), -1);
    const lastOwnAck = lastOwn >= 0 ? rows[rows.length - script.length + lastOwn]!.ack! : null;
    await tx
      .update(leads)
      .set({
        whatsappUltimaMensagemTexto: lastText,
        whatsappUltimaMensagemDataGeral: new Date(times[lastIndex]!),
        whatsappUltimaMensagemDataEnviada: lastOwnTime,
        whatsappUltimaMensagemDataRecebida: lastIncoming >= 0 ? new Date(times[lastIncoming]!) : null,
        whatsappUltimaMensagemNaoLidas: unread,
        whatsappUltimaMensagemFromMe: lastFromMe ? 1 : 0,
        whatsappUltimaMensagemTipo: 'chat',
        // 001 §3 _status: 1 sent, 2 delivered, 3 read (the ack of the last own message less one).
        whatsappUltimaMensagemStatus: lastFromMe && lastOwnAck !== null ? lastOwnAck - 1 : null,
      })
      .where(inArray(leads.cliCrmId, [lead.id]));
  }
  if (rows.length > 0) await tx.insert(whatsappMensagens).values(rows);
}
