// The demo's automations (issue 25 'The demo'): the first unit (`automacao` on) has three rules on
// its living data — the price list on 'Em negociação', a re-qualification of a lead 3 days in 'Não
// Atendido' without a movement (a Typebot flow, through the gateway emulator's stand-in: the unit's
// Typebot settings point at it on every start, pointDemoTypebotAt), the round robin of new Lead Ads
// leads — and a history of runs, so
// /automacao, 'Visualizar Desempenho' and the run log show every outcome. Like the rest of the demo
// seed, it writes the rows directly; the seeded runs carry negative event ids (no lead event made
// them), so a real event never collides with one.
import { and, asc, eq, like } from 'drizzle-orm';

import { conditionStopDetail, describeStep, waitUntil, type AutomationInput } from '@funil/domain/automations/automations';
import { formatDateTime } from '@funil/domain/format/date';
import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import { TYPEBOT_STANDIN_PREFIX } from '@funil/evolution-emulator/emulator';

import type { DbOrTx } from '../db/handle.ts';
import {
  automacoes,
  automacoesConfiguracoes,
  automacoesExecucoes,
  automacoesPassos,
} from '../modules/automations/automations.table.ts';
import { SEND_MESSAGES } from '../modules/automations/steps/send.ts';
import { TYPEBOT_STEP_MESSAGES } from '../modules/automations/steps/typebot.ts';
import { WAIT_ANSWER_MESSAGES } from '../modules/automations/steps/wait-answer.ts';
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

type DemoLead = { id: number; status: number; venda: number; plataforma: number; idUsuario: number | null; captado: Date };

// Which lead a seeded run may be on, so the history agrees with the lead as the demo shows it (a run
// 'Em andamento' of the price list is on a lead still 'Em negociação' without a sale, never on one
// already 'Convertido'; a completed re-qualification moved its lead out of 'Não Atendido'; the
// round robin ran on Facebook leads it gave an attendant; their Lead Ads origin is written later, by
// demo-insights.ts, on the leads its campaigns match).
const FITS: ((l: DemoLead, outcome: Outcome) => boolean)[] = [
  (l, outcome) =>
    outcome === 'ativa' || outcome === 'falhou'
      ? l.status === 4 && l.venda === 1
      : outcome === 'concluida'
        ? [4, 5, 6, 9].includes(l.status)
        : l.status !== 4 && l.status !== 1,
  (l, outcome) =>
    outcome === 'concluida'
      ? [7, 4, 5, 9].includes(l.status)
      : outcome === 'parada'
        ? l.status !== 3
        : l.status === 3 && l.venda === 1,
  (l) => l.plataforma === 1 && l.idUsuario !== null,
];

/** The seeded run's steps as the engine records them: what each step did and when the next one ran. */
function seededSteps(steps: readonly AutomationInput['passos'][number][], reached: number, outcome: Outcome, start: Date) {
  const rows: { passo: number; resultado: 'ok' | 'parou' | 'falhou'; detalhe: string; em: Date }[] = [];
  let t = start;
  for (const [p, s] of steps.slice(0, reached).entries()) {
    const last = p === reached - 1;
    const em = t;
    t = new Date(t.getTime() + 60_000);
    if (last && outcome === 'falhou') {
      rows.push({ passo: p, resultado: 'falhou', detalhe: SEND_MESSAGES.leadWithoutWhatsapp, em });
      continue;
    }
    if (last && outcome === 'parada') {
      rows.push({ passo: p, resultado: 'parou', detalhe: conditionStopDetail(s), em });
      continue;
    }
    let detalhe = 'Condição atendida';
    if (s.tipo === 'mensagem') detalhe = 'Mensagem enviada';
    else if (s.tipo === 'typebot') detalhe = `${TYPEBOT_STEP_MESSAGES.started}: ${DEMO_TYPEBOT_FLOW.nome}`;
    else if (s.tipo === 'esperar') {
      t = waitUntil(em, s);
      detalhe = `Esperando até ${formatDateTime(t)}`;
    } else if (s.tipo === 'aguardar-resposta') {
      // The lead answered the flow five hours later.
      t = new Date(em.getTime() + 5 * 3_600_000);
      detalhe = `${WAIT_ANSWER_MESSAGES.answered} em ${formatDateTime(t)}`;
      rows.push({ passo: p, resultado: 'ok', detalhe, em: t });
      continue;
    } else if (s.tipo === 'status') detalhe = LEAD_API_MESSAGES.statusUpdated;
    else if (s.tipo === 'atribuir') detalhe = LEAD_API_MESSAGES.assigned;
    else if (s.tipo === 'tag') detalhe = `Tag "${s.nome}" adicionada`;
    else if (s.tipo === 'anotacao') detalhe = 'Anotação adicionada';
    rows.push({ passo: p, resultado: 'ok', detalhe, em });
  }
  // `t`: when the run ended, or the wait's due time of a run in progress.
  return { rows, t };
}

export async function seedDemoAutomations(
  tx: DbOrTx,
  input: { idEmpresa: number; idUnidade: number; idAdmin: number; now: Date },
): Promise<void> {
  const unitLeads: DemoLead[] = await tx
    .select({
      id: leads.cliCrmId,
      status: leads.cliStatusNegociacao,
      venda: leads.cliStatusNegociacaoVenda,
      plataforma: leads.cliTipoLead,
      idUsuario: leads.idUsuario,
      captado: leads.cliDataCaptacao,
    })
    .from(leads)
    .where(and(eq(leads.idUnidade, input.idUnidade), eq(leads.desativado, 0)))
    .orderBy(asc(leads.cliCrmId));
  await tx.insert(automacoesConfiguracoes).values({
    idUnidade: input.idUnidade,
    typebotUrl: STANDIN_PLACEHOLDER,
    typebotFluxos: [{ ...DEMO_TYPEBOT_FLOW }],
  });
  const used = new Set<number>();
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
    const history = HISTORY[r] ?? [];
    for (const [i, outcome] of history.entries()) {
      // Finished runs a day apart; a run in progress started in the last hours (its wait still ahead).
      const start =
        outcome === 'ativa'
          ? new Date(input.now.getTime() - (history.length - i) * 3_600_000)
          : new Date(input.now.getTime() - (history.length - i + 2) * 26 * 3_600_000);
      const lead = unitLeads.find((l) => !used.has(l.id) && l.captado < start && FITS[r]!(l, outcome));
      // The demo's leads always hold one for each run (demo.test.ts); a lead that fits no run gets none.
      if (!lead) continue;
      used.add(lead.id);
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
      const { rows, t } = seededSteps(steps, reached, outcome, start);
      const erro =
        outcome === 'falhou'
          ? `${describeStep(steps[reached - 1]!)}: ${SEND_MESSAGES.leadWithoutWhatsapp}`
          : outcome === 'parada'
            ? conditionStopDetail(steps[reached - 1]!)
            : null;
      const sent = rows.filter((row) => row.detalhe === 'Mensagem enviada').length;
      const [run] = await tx
        .insert(automacoesExecucoes)
        .values({
          idAutomacao: rule!.id,
          cliCrmId: lead.id,
          idUnidade: input.idUnidade,
          idEvento: -++event,
          status: outcome,
          passo: outcome === 'ativa' ? reached : reached - (outcome === 'concluida' ? 0 : 1),
          proximoEm: outcome === 'ativa' ? t : start,
          erro,
          mensagensEnviadas: sent,
          // Two finished runs in three that sent a message have the lead's answer, some hours later.
          respostaEm: sent > 0 && outcome !== 'ativa' && i % 3 !== 2 ? new Date(start.getTime() + (2 + i) * 3_600_000) : null,
          criadoEm: start,
          terminadoEm: outcome === 'ativa' ? null : t,
        })
        .returning({ id: automacoesExecucoes.id });
      await tx
        .insert(automacoesPassos)
        .values(rows.map((row) => ({ ...row, idExecucao: run!.id, chave: `${run!.id}:0:${row.passo}` })));
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
