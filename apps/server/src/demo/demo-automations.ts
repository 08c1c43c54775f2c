// The demo's automations (issue 25 'The demo'): the first unit (`automacao` on) has three rules on
// its living data — the price list on 'Em negociação', a re-qualification of a lead 3 days in 'Não
// Atendido' without a movement (a Typebot flow, through the gateway emulator's stand-in: the unit's
// Typebot settings point at it on every start, pointDemoTypebotAt), the round robin of new Lead Ads
// leads — and a history of runs, so
// /automacao, 'Visualizar Desempenho' and the run log show every outcome. Like the rest of the demo
// seed, it writes the rows directly; the seeded runs carry negative event ids (no lead event made
// them), so a real event never collides with one.
import { and, asc, eq, like } from 'drizzle-orm';

import { describeStep, type AutomationInput } from '@funil/domain/automations/automations';
import { TYPEBOT_STANDIN_PREFIX } from '@funil/evolution-emulator/emulator';

import type { DbOrTx } from '../db/handle.ts';
import {
  automacoes,
  automacoesConfiguracoes,
  automacoesExecucoes,
  automacoesPassos,
} from '../modules/automations/automations.table.ts';
import { leads } from '../modules/leads/leads.table.ts';

/** The demo unit's Typebot flow (issue 25 'The demo': 'a Typebot re-qualification after 3 days without movement'). */
export const DEMO_TYPEBOT_FLOW = { nome: 'Requalificação de lead frio', idPublico: 'requalificacao-lead-frio' } as const;
/** Until the first start points it at the running emulator (pointDemoTypebotAt). */
const STANDIN_PLACEHOLDER = `http://127.0.0.1:8081${TYPEBOT_STANDIN_PREFIX}`;

const RULES: AutomationInput[] = [
  {
    nome: 'Tabela de preços em negociação',
    gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 4 },
    opcoes: { limiteDiario: 1 },
    passos: [
      {
        tipo: 'mensagem',
        texto:
          'Olá [nome_cliente]! Segue a nossa tabela: avaliação gratuita, limpeza R$ 180,00 e clareamento a laser R$ 890,00. ' +
          'Posso reservar um horário para você?',
      },
      { tipo: 'esperar', quantidade: 1, unidade: 'dias', horarioComercial: true },
      { tipo: 'condicao', campo: 'status', valor: 4, negar: false },
      { tipo: 'tag', acao: 'adicionar', nome: 'Tabela enviada' },
    ],
    habilitado: true,
  },
  {
    nome: 'Requalificação após 3 dias sem movimento',
    gatilho: { tipo: 'sem-movimento', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 3, dias: 3 },
    opcoes: { limiteDiario: 1 },
    passos: [
      { tipo: 'condicao', campo: 'status', valor: 3, negar: false },
      { tipo: 'typebot', fluxo: DEMO_TYPEBOT_FLOW.idPublico },
      { tipo: 'aguardar-resposta', quantidade: 2, unidade: 'dias', seNaoResponder: 'parar' },
      { tipo: 'status', familia: 'negociacao', idStatus: 7 },
    ],
    habilitado: true,
  },
  {
    nome: 'Rodízio dos leads do Lead Ads',
    gatilho: { tipo: 'captado', canal: 'lead-ads' },
    opcoes: { limiteDiario: 1 },
    passos: [
      { tipo: 'atribuir', idUsuario: null },
      { tipo: 'anotacao', texto: 'Lead do formulário do Facebook distribuído pelo rodízio.' },
    ],
    habilitado: true,
  },
];

type Outcome = 'concluida' | 'parada' | 'falhou' | 'ativa';
// Per rule: the outcome of each seeded run, oldest first.
const HISTORY: Outcome[][] = [
  ['concluida', 'concluida', 'parada', 'concluida', 'concluida', 'falhou', 'concluida', 'concluida', 'ativa', 'ativa'],
  ['concluida', 'parada', 'concluida', 'parada', 'falhou'],
  ['concluida', 'concluida', 'concluida', 'concluida', 'concluida', 'concluida'],
];

export async function seedDemoAutomations(
  tx: DbOrTx,
  input: { idEmpresa: number; idUnidade: number; idAdmin: number; now: Date },
): Promise<void> {
  const unitLeads = await tx
    .select({ id: leads.cliCrmId })
    .from(leads)
    .where(and(eq(leads.idUnidade, input.idUnidade), eq(leads.desativado, 0)))
    .orderBy(asc(leads.cliCrmId))
    .limit(40);
  await tx.insert(automacoesConfiguracoes).values({
    idUnidade: input.idUnidade,
    typebotUrl: STANDIN_PLACEHOLDER,
    typebotFluxos: [{ ...DEMO_TYPEBOT_FLOW }],
  });
  let event = 0;
  for (const [r, plan] of RULES.entries()) {
    const [rule] = await tx
      .insert(automacoes)
      .values({
        ...plan,
        idEmpresa: input.idEmpresa,
        idUnidade: input.idUnidade,
        idUsuario: input.idAdmin,
        segredo: `demo-${r}-segredo-de-assinatura`,
        criadoEm: new Date(input.now.getTime() - 20 * 86_400_000),
        atualizadoEm: new Date(input.now.getTime() - 20 * 86_400_000),
      })
      .returning({ id: automacoes.id });
    for (const [i, outcome] of (HISTORY[r] ?? []).entries()) {
      const lead = unitLeads[(r * 13 + i) % Math.max(unitLeads.length, 1)];
      if (!lead) return;
      const start = new Date(input.now.getTime() - (HISTORY[r]!.length - i) * 26 * 3_600_000);
      const steps = plan.passos;
      // How far the run got: all its steps, up to the condition that stopped it, the failed send, or the wait in progress.
      const reached =
        outcome === 'concluida'
          ? steps.length
          : outcome === 'parada'
            ? steps.findIndex((s) => s.tipo === 'condicao') + 1
            : outcome === 'falhou'
              ? steps.findIndex((s) => s.tipo === 'mensagem' || s.tipo === 'typebot') + 1
              : steps.findIndex((s) => s.tipo === 'esperar') + 1;
      const stepMs = 3_600_000;
      const erro =
        outcome === 'falhou'
          ? `${describeStep(steps[reached - 1]!)}: Lead sem WhatsApp!`
          : outcome === 'parada'
            ? `Parada pela condição: ${describeStep(steps[reached - 1]!)}`
            : null;
      const [run] = await tx
        .insert(automacoesExecucoes)
        .values({
          idAutomacao: rule!.id,
          cliCrmId: lead.id,
          idUnidade: input.idUnidade,
          idEvento: -++event,
          status: outcome,
          passo: outcome === 'ativa' ? reached : reached - (outcome === 'concluida' ? 0 : 1),
          proximoEm: outcome === 'ativa' ? new Date(input.now.getTime() + 20 * 3_600_000) : start,
          erro,
          mensagensEnviadas: Math.max(
            0,
            steps.slice(0, reached).filter((s) => s.tipo === 'mensagem').length - (outcome === 'falhou' ? 1 : 0),
          ),
          criadoEm: start,
          terminadoEm: outcome === 'ativa' ? null : new Date(start.getTime() + reached * stepMs),
        })
        .returning({ id: automacoesExecucoes.id });
      await tx.insert(automacoesPassos).values(
        steps.slice(0, reached).map((s, p) => {
          const last = p === reached - 1;
          const resultado = last && outcome === 'falhou' ? 'falhou' : last && outcome === 'parada' ? 'parou' : 'ok';
          return {
            idExecucao: run!.id,
            passo: p,
            chave: `${run!.id}:0:${p}`,
            resultado,
            detalhe:
              resultado === 'falhou'
                ? 'Lead sem WhatsApp!'
                : resultado === 'parou'
                  ? 'Condição não atendida'
                  : s.tipo === 'mensagem'
                    ? 'Mensagem enviada'
                    : s.tipo === 'typebot'
                      ? `Fluxo do Typebot iniciado: ${DEMO_TYPEBOT_FLOW.nome}`
                      : s.tipo === 'esperar'
                        ? 'Espera cumprida'
                        : 'Feito',
            em: new Date(start.getTime() + p * stepMs),
          };
        }),
      );
    }
  }
}

/**
 * The demo's gateway emulator listens on a new address each start: the units whose Typebot server is
 * the emulator's stand-in follow it (`url`: the running emulator's stand-in).
 */
export async function pointDemoTypebotAt(db: DbOrTx, url: string): Promise<void> {
  await db
    .update(automacoesConfiguracoes)
    .set({ typebotUrl: url, atualizadoEm: new Date() })
    .where(like(automacoesConfiguracoes.typebotUrl, `%${TYPEBOT_STANDIN_PREFIX}`));
}
