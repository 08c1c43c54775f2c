// Automations (issue 25; 002 §2.7, §3 'Trigger'): a rule is a trigger, its options and an ordered
// list of steps a manager reads top to bottom. The server validates rules with these schemas and
// decides with `triggerMatches` which lead events enrol a lead; the wait's due time is `waitUntil`.
import { z } from 'zod';

import type { LeadEvent } from '../lead-events/lead-events.ts';
import { CONTACT_STATUS_NAMES } from '../leads/negotiation.ts';
import { LEAD_CHANNELS } from '../leads/origin.ts';

/** 002 §3 Trigger `tipo_status`. */
export const TRIGGER_STATUS_KINDS = ['STATUS_NEGOCIACAO', 'STATUS_VENDA', 'STATUS_CONTATO'] as const;

const id = z.number().int().positive();

/** What starts a run (issue 25 'Triggers'). */
export const triggerSchema = z.discriminatedUnion('tipo', [
  /** STATUS_CONTATO: the lead's contact status (cli_contato_status: Novo, Não Atendido, Atendido, Em Atendimento). */
  z
    .object({
      tipo: z.enum(['status-entrou', 'status-saiu']),
      tipoStatus: z.enum(TRIGGER_STATUS_KINDS),
      idStatus: id,
    })
    .refine((t) => t.tipoStatus !== 'STATUS_CONTATO' || t.idStatus in CONTACT_STATUS_NAMES, {
      message: 'Status do contato inválido.',
      path: ['idStatus'],
    }),
  z.object({ tipo: z.literal('captado'), canal: z.enum(LEAD_CHANNELS).nullable() }),
  z.object({ tipo: z.literal('mensagem-recebida'), palavraChave: z.string().trim().max(60).nullable() }),
  z.object({ tipo: z.literal('chamada-encerrada'), atendida: z.boolean().nullable() }),
  /** No movement: the lead stays `dias` days in the status with no message, note, call, tag or status change. */
  z.object({
    tipo: z.literal('sem-movimento'),
    tipoStatus: z.enum(['STATUS_NEGOCIACAO', 'STATUS_VENDA']),
    idStatus: id,
    dias: z.number().int().min(1, 'Informe os dias sem movimento.').max(90),
  }),
  /** No answer: `horas` hours after the last message sent to the lead without an inbound message (one run per sent message). */
  z.object({
    tipo: z.literal('sem-resposta'),
    horas: z.number().int().min(1, 'Informe as horas sem resposta.').max(720, 'No máximo 720 horas (30 dias).'),
  }),
]);
export type Trigger = z.infer<typeof triggerSchema>;

export const WAIT_UNITS = ['minutos', 'horas', 'dias'] as const;

/** A Typebot flow's public id (its address on the Typebot server: letters, digits, '-' and '_'). */
const typebotFlowId = z
  .string()
  .trim()
  .min(1, 'Escolha o fluxo do Typebot.')
  .max(100, 'O identificador do fluxo deve ter no máximo 100 caracteres.')
  .regex(/^[A-Za-z0-9_-]+$/, 'O identificador do fluxo deve ter só letras, números, hífen e sublinhado.');
const WAIT_UNIT_SINGULAR = { minutos: 'minuto', horas: 'hora', dias: 'dia' } as const;
export const CONDITION_FIELDS = ['status', 'status-venda', 'tag', 'atendente', 'plataforma', 'campanha'] as const;

/** A condition's subject as a manager reads it ('Continuar só se o status do funil for …'). */
export const CONDITION_SUBJECT: Record<Exclude<(typeof CONDITION_FIELDS)[number], 'tag'>, string> = {
  status: 'o status do funil',
  'status-venda': 'o status do ERP',
  atendente: 'o atendente',
  plataforma: 'a plataforma',
  campanha: 'a campanha',
};

/** The media of a 'midia' step: an image, a document or an audio (sent as a voice message). */
export const MEDIA_KINDS = ['imagem', 'documento', 'audio'] as const;
export const MEDIA_KIND_LABELS: Record<(typeof MEDIA_KINDS)[number], string> = {
  imagem: 'imagem',
  documento: 'documento',
  audio: 'áudio',
};

/** One step (issue 25 'Steps'). */
export const stepSchema = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('mensagem'), texto: z.string().trim().min(1, 'Informe o texto da mensagem.').max(4096) }),
  z.object({
    tipo: z.literal('esperar'),
    quantidade: z.number().int().min(1, 'A espera deve ser de pelo menos 1.').max(365),
    unidade: z.enum(WAIT_UNITS),
    /** Only inside the unit's working hours (08:00–18:00, Monday to Saturday). */
    horarioComercial: z.boolean(),
  }),
  z.object({
    tipo: z.literal('condicao'),
    campo: z.enum(CONDITION_FIELDS),
    /** The status, tag, attendant or platform id, or the campaign's text. */
    valor: z.union([z.number().int(), z.string().trim().min(1).max(120)]),
    /** true: the run goes on when the lead does NOT match. */
    negar: z.boolean(),
  }),
  z.object({ tipo: z.literal('status'), familia: z.enum(['negociacao', 'venda']), idStatus: id }),
  /** idUsuario null: the next of a round robin of the unit's active attendants. */
  z.object({ tipo: z.literal('atribuir'), idUsuario: id.nullable() }),
  z.object({ tipo: z.literal('tag'), acao: z.enum(['adicionar', 'remover']), nome: z.string().trim().min(1).max(60) }),
  z.object({ tipo: z.literal('anotacao'), texto: z.string().trim().min(1, 'Informe o texto da anotação.').max(2000) }),
  z.object({
    tipo: z.literal('webhook'),
    url: z
      .string()
      .trim()
      .max(500)
      .refine((u) => /^https:\/\/[^\s/]+/i.test(u), 'A URL deve começar com https://.'),
  }),
  /** Starts a Typebot flow of the unit's settings (`fluxo`: its public id) through the gateway (issue 25 'Typebot'). */
  z.object({ tipo: z.literal('typebot'), fluxo: typebotFlowId }),
  /** Waits until the lead answers or the time passes; then stops or goes on (issue 25 'Steps'). */
  z.object({
    tipo: z.literal('aguardar-resposta'),
    quantidade: z.number().int().min(1, 'O prazo deve ser de pelo menos 1.').max(365),
    unidade: z.enum(WAIT_UNITS),
    seNaoResponder: z.enum(['parar', 'continuar']),
  }),
  /** Schedules the lead's next call (cli_contato_agendado) `quantidade` `unidade` after the step, as an attendant would. */
  z.object({
    tipo: z.literal('agendar-ligacao'),
    quantidade: z.number().int().min(0, 'O prazo não pode ser negativo.').max(365),
    unidade: z.enum(WAIT_UNITS),
  }),
  /** Schedules a WhatsApp message through the lead's scheduled message (001 §5 "Schedule message"), sent by its job. */
  z.object({
    tipo: z.literal('agendar-mensagem'),
    texto: z.string().trim().min(1, 'Informe o texto da mensagem.').max(4096),
    quantidade: z.number().int().min(0, 'O prazo não pode ser negativo.').max(365),
    unidade: z.enum(WAIT_UNITS),
  }),
  /** Sends one of the unit's quick messages (001 §3 "Quick-message model", the company's or the unit's), placeholders filled (002 §5). */
  z.object({ tipo: z.literal('mensagem-rapida'), idModelo: z.number().int().positive('Escolha a mensagem rápida.') }),
  /**
   * Sends an image, a document or an audio (a WhatsApp voice message, Evolution v2 sendWhatsAppAudio)
   * by its https URL, with an optional caption (placeholders filled); an audio has none.
   */
  z
    .object({
      tipo: z.literal('midia'),
      midia: z.enum(MEDIA_KINDS),
      url: z
        .string()
        .trim()
        .max(500)
        .refine((u) => /^https:\/\/[^\s/]+\/\S+$/i.test(u), 'Informe o endereço do arquivo (https://...).'),
      legenda: z.string().trim().max(1024, 'A legenda deve ter no máximo 1024 caracteres.'),
    })
    .refine((s) => s.midia !== 'audio' || s.legenda === '', {
      message: 'Um áudio é enviado sem legenda; deixe a legenda em branco.',
      path: ['legenda'],
    }),
]);
export type Step = z.infer<typeof stepSchema>;
export type StepKind = Step['tipo'];

export const AUTOMATION_LIMITS = {
  steps: 20,
  /** A chain of automations (one's change triggering another's) deeper than this stops (issue 25 'Loop guard'). */
  chainDepth: 3,
  /** Step attempts before the run fails ('Falhou'). */
  attempts: 4,
} as const;

export const optionsSchema = z.object({
  /** At most this many runs of the rule per lead per São Paulo day. */
  limiteDiario: z.number().int().min(1).max(50),
});

export const automationInputSchema = z.object({
  nome: z.string().trim().min(1, 'Informe o nome.').max(80, 'O nome deve ter no máximo 80 caracteres.'),
  gatilho: triggerSchema,
  opcoes: optionsSchema,
  passos: z
    .array(stepSchema)
    .min(1, 'Adicione pelo menos um passo.')
    .max(AUTOMATION_LIMITS.steps, `No máximo ${AUTOMATION_LIMITS.steps} passos.`),
  habilitado: z.boolean(),
});
export type AutomationInput = z.infer<typeof automationInputSchema>;

export const RUN_STATUSES = ['ativa', 'concluida', 'parada', 'falhou'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  ativa: 'Em andamento',
  concluida: 'Concluída',
  // Not only a condition stops a run: a disabled rule, a lead gone, no answer in time, an attendant who
  // took over (the reason in its error).
  parada: 'Parada',
  falhou: 'Falhou',
};

/**
 * What a line of a run's log records (issue 25 'Visualizar Desempenho': "each step, when, the result"):
 * the step was done, it stopped the run, it failed, an attendant paused the lead's Typebot, or a sale
 * or loss status closed it. Stored as these words; a manager reads `stepResultLabel`.
 */
export const STEP_RESULTS = ['ok', 'parou', 'falhou', 'pausado', 'encerrado'] as const;
export type StepResult = (typeof STEP_RESULTS)[number];
export const STEP_RESULT_LABELS: Record<StepResult, string> = {
  ok: 'Feito',
  parou: 'Parou a execução',
  falhou: 'Falhou',
  pausado: 'Pausado pelo atendente',
  encerrado: 'Encerrado',
};

/** The Portuguese label of a step's result in the run log (the lead's timeline and 'Visualizar Desempenho'). */
export function stepResultLabel(resultado: string): string {
  return (STEP_RESULTS as readonly string[]).includes(resultado) ? STEP_RESULT_LABELS[resultado as StepResult] : resultado;
}

/** The author a change made by an automation's step shows in the lead's history (issue 25 'Steps'). */
export function automationAuthor(nome: string): string {
  return `Automação: ${nome}`;
}

// What an event caused by an automation carries is part of the event's shape (lead-events.ts).
export { automationCauseSchema, type AutomationCause } from '../lead-events/lead-events.ts';

const statusColumn = {
  STATUS_NEGOCIACAO: 'cliStatusNegociacao',
  STATUS_VENDA: 'cliStatusNegociacaoVenda',
  STATUS_CONTATO: 'cliContatoStatus',
} as const;

/**
 * Whether a lead event fires the trigger. A status trigger fires from any path that moved the
 * status (the event's changed columns); a capture by the lead's channel; a message received by a
 * keyword (case and accents ignored) in its preview; a call by its outcome.
 */
export function triggerMatches(
  trigger: Trigger,
  event: Pick<LeadEvent, 'tipo' | 'mudancas' | 'dados'>,
  text?: string | null,
): boolean {
  switch (trigger.tipo) {
    case 'status-entrou':
    case 'status-saiu': {
      const change = event.mudancas[statusColumn[trigger.tipoStatus]];
      if (!change) return false;
      return trigger.tipo === 'status-entrou' ? change.para === trigger.idStatus : change.de === trigger.idStatus;
    }
    case 'captado': {
      if (event.tipo !== 'criado' && event.tipo !== 'captado-novamente') return false;
      if (trigger.canal === null) return true;
      const toque = event.dados['toque'] as { canal?: string } | undefined;
      return toque?.canal === trigger.canal;
    }
    case 'mensagem-recebida': {
      if (event.tipo !== 'mensagem-recebida') return false;
      if (!trigger.palavraChave) return true;
      return fold(text ?? '').includes(fold(trigger.palavraChave));
    }
    case 'chamada-encerrada':
      return event.tipo === 'chamada-encerrada' && (trigger.atendida === null || event.dados['atendida'] === trigger.atendida);
    case 'sem-movimento':
    case 'sem-resposta':
      // Not an event: the engine's sweep finds the quiet (or unanswered) leads.
      return false;
  }
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** São Paulo is UTC−3 all year (no daylight saving since 2019). */
const SP_OFFSET_MS = 3 * 60 * 60 * 1000;
export const WORKING_HOURS = { start: 8, end: 18 } as const;

/**
 * The wait step's due time (issue 25 'Steps': minutes, hours, days; optionally only in working
 * hours; never on Sundays). In working hours the wait counts only time from 08:00 to 18:00,
 * Monday to Saturday (São Paulo); without, a due time that falls on a Sunday moves to Monday 08:00.
 */
export function waitUntil(from: Date, step: Extract<Step, { tipo: 'esperar' }>): Date {
  const unitMs = step.unidade === 'minutos' ? 60_000 : step.unidade === 'horas' ? 3_600_000 : 86_400_000;
  const total = step.quantidade * unitMs;
  if (!step.horarioComercial) {
    const due = new Date(from.getTime() + total);
    return isSunday(due) ? dayStart(due, 1) : due;
  }
  // Days in working hours are working days; minutes and hours are consumed inside the windows.
  let remaining = step.unidade === 'dias' ? step.quantidade * (WORKING_HOURS.end - WORKING_HOURS.start) * 3_600_000 : total;
  let t = from.getTime();
  for (let guard = 0; guard < 2000; guard++) {
    const local = new Date(t - SP_OFFSET_MS);
    const dayBase = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) + SP_OFFSET_MS;
    const open = dayBase + WORKING_HOURS.start * 3_600_000;
    const close = dayBase + WORKING_HOURS.end * 3_600_000;
    if (local.getUTCDay() === 0 || t >= close) {
      t = dayBase + 24 * 3_600_000 + WORKING_HOURS.start * 3_600_000;
      continue;
    }
    if (t < open) t = open;
    const room = close - t;
    if (remaining <= room) return new Date(t + remaining);
    remaining -= room;
    t = close;
  }
  return new Date(t);
}

const isSunday = (d: Date) => new Date(d.getTime() - SP_OFFSET_MS).getUTCDay() === 0;
/** 08:00 São Paulo of the day `days` after d's. */
function dayStart(d: Date, days: number): Date {
  const local = new Date(d.getTime() - SP_OFFSET_MS);
  return new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days) +
      SP_OFFSET_MS +
      WORKING_HOURS.start * 3_600_000,
  );
}

/** The step as a manager reads it, one line (the builder and the run log). */
export function describeStep(step: Step): string {
  switch (step.tipo) {
    case 'mensagem':
      return `Enviar mensagem no WhatsApp: "${step.texto.length > 60 ? `${step.texto.slice(0, 57)}...` : step.texto}"`;
    case 'esperar':
      return `Esperar ${step.quantidade} ${step.quantidade === 1 ? WAIT_UNIT_SINGULAR[step.unidade] : step.unidade}${
        step.horarioComercial ? ' (em horário comercial)' : ''
      }`;
    case 'condicao': {
      // Without the unit's names (the engine's error lines): the subject in words, an id as #id.
      const value = typeof step.valor === 'number' ? `#${step.valor}` : step.valor;
      if (step.campo === 'tag') return `Continuar só se o lead ${step.negar ? 'não tiver' : 'tiver'} a tag "${value}"`;
      return `Continuar só se ${CONDITION_SUBJECT[step.campo]} ${step.negar ? 'não for' : 'for'} ${value}`;
    }
    case 'status':
      return `Mudar o status de ${step.familia === 'negociacao' ? 'negociação' : 'venda'} para #${step.idStatus}`;
    case 'atribuir':
      return step.idUsuario === null ? 'Atribuir ao próximo atendente (rodízio)' : `Atribuir ao atendente #${step.idUsuario}`;
    case 'tag':
      return `${step.acao === 'adicionar' ? 'Adicionar' : 'Remover'} a tag "${step.nome}"`;
    case 'anotacao':
      return `Adicionar anotação: "${step.texto.length > 60 ? `${step.texto.slice(0, 57)}...` : step.texto}"`;
    case 'webhook':
      return `Chamar a URL ${step.url}`;
    case 'typebot':
      return `Iniciar fluxo do Typebot "${step.fluxo}"`;
    case 'aguardar-resposta': {
      const prazo = `${step.quantidade} ${step.quantidade === 1 ? WAIT_UNIT_SINGULAR[step.unidade] : step.unidade}`;
      return `Aguardar a resposta do lead por até ${prazo}. Se não responder: ${step.seNaoResponder === 'parar' ? 'parar' : 'continuar'}`;
    }
    case 'mensagem-rapida':
      return `Enviar a mensagem rápida #${step.idModelo}`;
    case 'midia':
      return `Enviar ${MEDIA_KIND_LABELS[step.midia]} no WhatsApp: ${step.url}`;
    case 'agendar-ligacao':
      return `Agendar ligação para daqui a ${step.quantidade} ${step.quantidade === 1 ? WAIT_UNIT_SINGULAR[step.unidade] : step.unidade}`;
    case 'agendar-mensagem':
      return `Agendar mensagem no WhatsApp para daqui a ${step.quantidade} ${
        step.quantidade === 1 ? WAIT_UNIT_SINGULAR[step.unidade] : step.unidade
      }: "${step.texto.length > 60 ? `${step.texto.slice(0, 57)}...` : step.texto}"`;
  }
}

/** The reason a condition step gives when it stops a run ('Paradas por condição' counts the runs that end on it). */
export const CONDITION_STOP = 'Parada pela condição';
export const conditionStopDetail = (step: Step): string => `${CONDITION_STOP}: ${describeStep(step)}`;

/** The time of a scheduling step: `quantidade` `unidade` after `from`, rounded up to the minute. */
export function scheduleTime(from: Date, step: { quantidade: number; unidade: (typeof WAIT_UNITS)[number] }): Date {
  const unitMs = step.unidade === 'minutos' ? 60_000 : step.unidade === 'horas' ? 3_600_000 : 86_400_000;
  return new Date(Math.ceil((from.getTime() + step.quantidade * unitMs) / 60_000) * 60_000);
}

/** The time-out of 'aguardar-resposta' (plain time: the answer may come at any hour). */
export function answerDeadline(from: Date, step: Extract<Step, { tipo: 'aguardar-resposta' }>): Date {
  const unitMs = step.unidade === 'minutos' ? 60_000 : step.unidade === 'horas' ? 3_600_000 : 86_400_000;
  return new Date(from.getTime() + step.quantidade * unitMs);
}

// ---- Typebot settings of the unit's automations (issue 25 'Typebot through the gateway') -------

export const TYPEBOT_LIMITS = { flows: 20 } as const;

/** The unit's Typebot server and its flows (a name the manager reads, the flow's public id). */
export const typebotSettingsSchema = z
  .object({
    url: z
      .string()
      .trim()
      .max(300, 'A URL deve ter no máximo 300 caracteres.')
      .refine(
        (u) => u === '' || /^https?:\/\/[^\s/]+[^\s]*$/i.test(u),
        'Informe a URL do servidor do Typebot (http:// ou https://).',
      ),
    fluxos: z
      .array(
        z.object({
          nome: z.string().trim().min(1, 'Informe o nome do fluxo.').max(60, 'O nome do fluxo deve ter no máximo 60 caracteres.'),
          idPublico: typebotFlowId,
        }),
      )
      .max(TYPEBOT_LIMITS.flows, `No máximo ${TYPEBOT_LIMITS.flows} fluxos.`)
      .refine((f) => new Set(f.map((x) => x.idPublico)).size === f.length, 'Cada fluxo deve ter um identificador diferente.'),
  })
  .refine((s) => s.fluxos.length === 0 || s.url !== '', { message: 'Informe a URL do servidor do Typebot.', path: ['url'] });
export type TypebotSettings = z.infer<typeof typebotSettingsSchema>;
export const typebotSettingsResponseSchema = z.object({ message: z.string().optional(), data: typebotSettingsSchema });

/** What a rule's typebot steps need from the settings: a server and each step's flow. Null when fine. */
export function typebotStepsProblem(passos: readonly Step[], settings: TypebotSettings): string | null {
  const flows = passos.flatMap((p) => (p.tipo === 'typebot' ? [p.fluxo] : []));
  if (flows.length === 0) return null;
  if (!settings.url) return AUTOMATION_API_MESSAGES.typebotNotConfigured;
  const known = new Set(settings.fluxos.map((f) => f.idPublico));
  return flows.every((f) => known.has(f)) ? null : AUTOMATION_API_MESSAGES.typebotUnknownFlow;
}

// ---- The API (issue 25; 002 §2.7) ------------------------------------------------------------

export const AUTOMATION_API_MESSAGES = {
  notFound: 'Automação não encontrada.',
  runNotFound: 'Execução não encontrada ou não pode ser retomada.',
  stepOutOfRange: 'Passo inexistente nesta automação.',
  quickMessageNotFound: 'A mensagem rápida escolhida não existe na unidade.',
  adminOnly: 'Somente o administrador da unidade altera automações.',
  created: 'Automação cadastrada com sucesso!',
  updated: 'Automação atualizada com sucesso!',
  enabled: 'Automação habilitada.',
  disabled: 'Automação desabilitada.',
  retried: 'Execução retomada.',
  typebotSaved: 'Configurações do Typebot salvas com sucesso!',
  typebotNotConfigured: 'Configure o servidor do Typebot da unidade antes de usar o passo "Iniciar fluxo do Typebot".',
  typebotUnknownFlow: 'Escolha um fluxo do Typebot cadastrado nas configurações da unidade.',
  typebotFlowInUse: 'Um fluxo usado por uma automação não pode ser removido.',
} as const;

export const ruleViewSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  gatilho: triggerSchema,
  opcoes: optionsSchema,
  passos: z.array(stepSchema),
  habilitado: z.boolean(),
  dataCad: z.string(),
  dataAtualizacao: z.string(),
});
export type RuleView = z.infer<typeof ruleViewSchema>;

export const rulesResponseSchema = z.object({ data: z.array(ruleViewSchema) });
export const ruleResponseSchema = z.object({ message: z.string(), data: ruleViewSchema });
export const ruleStatusBodySchema = z.object({ habilitado: z.boolean() });
/** 'Tentar de novo a partir do passo': the step's number as the manager reads it (1 = the first). */
export const retryBodySchema = z.object({ passo: z.number().int().min(1, 'Informe o passo.').max(AUTOMATION_LIMITS.steps) });

export const runStepViewSchema = z.object({
  passo: z.number().int(),
  descricao: z.string(),
  resultado: z.string(),
  detalhe: z.string(),
  em: z.string(),
});
export const runViewSchema = z.object({
  id: z.number().int(),
  cliCrmId: z.number().int(),
  nomeLead: z.string().nullable(),
  status: z.enum(RUN_STATUSES),
  passo: z.number().int(),
  erro: z.string().nullable(),
  proximoEm: z.string(),
  criadoEm: z.string(),
  terminadoEm: z.string().nullable(),
  passos: z.array(runStepViewSchema),
});
export type RunView = z.infer<typeof runViewSchema>;

/** The run log of a lead in its timeline (issue 25 'Visualizar Desempenho'): each run with its rule's name and its steps. */
export const leadRunsResponseSchema = z.object({
  data: z.array(runViewSchema.extend({ automacao: z.object({ id: z.number().int(), nome: z.string() }) })),
});
export type LeadRunsResponse = z.infer<typeof leadRunsResponseSchema>;

/** 'Visualizar Desempenho' (issue 25): per rule, the runs by outcome, the median time to complete, the messages sent. */
export const performanceResponseSchema = z.object({
  data: z.object({
    automacao: ruleViewSchema,
    figuras: z.object({
      iniciadas: z.number().int(),
      concluidas: z.number().int(),
      paradas: z.number().int(),
      falhas: z.number().int(),
      emAndamento: z.number().int(),
      medianaSegundos: z.number().int().nullable(),
      mensagensEnviadas: z.number().int(),
      /** Runs whose Typebot session an attendant's message paused (issue 25 'Visualizar Desempenho'). */
      pausadasPorAtendente: z.number().int(),
      /** Runs a condition step stopped (CONDITION_STOP); `paradas` counts every stopped run. */
      paradasPorCondicao: z.number().int(),
      /** Runs that sent a message and whose lead wrote back within 7 days of the run's start. */
      respondidas: z.number().int(),
    }),
    execucoes: z.array(runViewSchema),
  }),
});
export type PerformanceResponse = z.infer<typeof performanceResponseSchema>;
export const retryResponseSchema = z.object({ message: z.string(), data: z.object({ id: z.number().int() }) });
