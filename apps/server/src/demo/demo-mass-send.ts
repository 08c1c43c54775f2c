// The demo's mass-send history (issue 13): the first unit (habilita_envio_em_massaV2 on) has a
// finished campaign and a paused one, so 'Listar Envios' and its drill-down show every status
// (Enviado, Erro with its reason, 'Não Enviado', Pendente) and an automatic pause with its reason.
// The seed writes the rows directly, like the rest of the demo seed. The campaigns get their
// numbers once the demo gateway has made them (giveDemoCampaignsTheirNumbers): the finished one
// the unit's first number, the paused one its last, so the first number is free for a new user's
// first send (issue 21: one unfinished campaign per number).
import { and, asc, eq, sql } from 'drizzle-orm';

import { MASS_SEND_MESSAGES } from '@funil/domain/mass-send/mass-send-api';
import { renderForLead } from '@funil/domain/mass-send/pacing';

import type { DbOrTx } from '../db/handle.ts';
import { leads } from '../modules/leads/leads.table.ts';
import { enviosEmMassa, enviosEmMassaClientes } from '../modules/mass-send/mass-send.table.ts';

type Plan = {
  nome: string;
  status: 'FINALIZADO' | 'PAUSADO';
  daysAgo: number;
  mensagens: string[];
  outcomes: ('SENT' | 'ERROR' | 'NOT_SENT' | 'PENDING')[];
  motivoPausa: string | null;
  intervalo: number;
};

const PLANS: Plan[] = [
  {
    nome: 'Clareamento de novembro',
    status: 'FINALIZADO',
    daysAgo: 3,
    intervalo: 30,
    mensagens: [
      'Olá {{nome_do_cliente}}! O clareamento a laser está com 20% de desconto até {{data_atual+7}}. Quer agendar uma avaliação gratuita?',
      'Oi {{nome_do_cliente}}, tudo bem? Temos horários para avaliação de clareamento nesta semana. Posso reservar um para você?',
    ],
    outcomes: ['SENT', 'SENT', 'SENT', 'SENT', 'ERROR', 'SENT', 'SENT', 'NOT_SENT', 'SENT', 'SENT', 'SENT', 'SENT'],
    motivoPausa: null,
  },
  {
    nome: 'Retorno de orçamentos',
    status: 'PAUSADO',
    daysAgo: 0,
    intervalo: 40,
    mensagens: ['Olá {{nome_do_cliente}}, passando para saber se ficou alguma dúvida sobre o seu orçamento. Podemos ajudar?'],
    outcomes: ['SENT', 'SENT', 'SENT', 'SENT', 'SENT', 'PENDING', 'PENDING', 'PENDING', 'PENDING', 'PENDING'],
    motivoPausa: MASS_SEND_MESSAGES.pauseRateLimited,
  },
];

export async function seedDemoMassSend(
  db: DbOrTx,
  o: { idEmpresa: number; idUnidade: number; idUsuario: number; now: Date },
): Promise<void> {
  const pool = await db
    .select({ id: leads.cliCrmId, nome: leads.cliNome, telefone: leads.cliTelefone })
    .from(leads)
    .where(and(eq(leads.idUnidade, o.idUnidade), eq(leads.desativado, 0)))
    .orderBy(asc(leads.cliCrmId))
    .limit(60);
  let next = 30;
  for (const plan of PLANS) {
    const start = new Date(o.now.getTime() - plan.daysAgo * 86_400_000 - 6 * 3_600_000);
    const chosen = pool.slice(next, next + plan.outcomes.length);
    next += plan.outcomes.length;
    const counts = { SENT: 0, ERROR: 0, NOT_SENT: 0, PENDING: 0 };
    for (const outcome of plan.outcomes) counts[outcome] += 1;
    const last = new Date(start.getTime() + plan.outcomes.filter((x) => x !== 'PENDING').length * plan.intervalo * 1000);
    const [campaign] = await db
      .insert(enviosEmMassa)
      .values({
        idEmpresa: o.idEmpresa,
        idUnidade: o.idUnidade,
        idUsuario: o.idUsuario,
        nome: plan.nome,
        status: plan.status,
        intervaloMensagem: plan.intervalo,
        mensagens: plan.mensagens,
        total: chosen.length,
        enviados: counts.SENT,
        erros: counts.ERROR,
        naoEnviados: counts.NOT_SENT,
        motivoPausa: plan.motivoPausa,
        proximoEnvioEm: last,
        criadoEm: start,
        atualizadoEm: last,
        finalizadoEm: plan.status === 'FINALIZADO' ? last : null,
      })
      .returning({ id: enviosEmMassa.id });
    await db.insert(enviosEmMassaClientes).values(
      chosen.map((lead, i) => {
        const outcome = plan.outcomes[i]!;
        const at = new Date(start.getTime() + i * plan.intervalo * 1000);
        const text = renderForLead(plan.mensagens, null, { cliCrmId: lead.id, nome: lead.nome }, at);
        return {
          idCampanha: campaign!.id,
          cliCrmId: lead.id,
          seq: i,
          status: outcome,
          tentativa: outcome === 'PENDING' ? 0 : 1,
          chave: outcome === 'PENDING' ? null : `massa:${campaign!.id}:${lead.id}:1`,
          mensagem: outcome === 'PENDING' ? null : text,
          numero: outcome === 'PENDING' ? null : `55${lead.telefone ?? ''}`,
          motivo:
            outcome === 'ERROR' ? MASS_SEND_MESSAGES.noWhatsapp : outcome === 'NOT_SENT' ? MASS_SEND_MESSAGES.optedOut : null,
          iniciadoEm: outcome === 'PENDING' ? null : at,
          enviadoEm: outcome === 'PENDING' ? null : at,
        };
      }),
    );
  }
}

/**
 * Gives the demo's campaigns without a number (the seed runs before the demo gateway makes the
 * instances) their number: a finished one the unit's first instance, an unfinished one its last,
 * and only where the unit has another number, so the paused campaign never holds the number the
 * composer offers first. Called by the demo gateway on every start (a no-op once done).
 */
export async function giveDemoCampaignsTheirNumbers(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    update envios_em_massa e set id_instancia = (select min(i.id) from instancias_evolution i where i.id_unidade = e.id_unidade)
    where e.id_instancia is null and e.status = 'FINALIZADO'`);
  await db.execute(sql`
    update envios_em_massa e set id_instancia = (select max(i.id) from instancias_evolution i where i.id_unidade = e.id_unidade)
    where e.id_instancia is null and e.status <> 'FINALIZADO'
      and (select count(*) from instancias_evolution i where i.id_unidade = e.id_unidade) > 1
      and not exists (select 1 from envios_em_massa o where o.id_instancia = (select max(i.id) from instancias_evolution i where
        i.id_unidade = e.id_unidade) and o.status <> 'FINALIZADO')`);
}
