// How the /automacao screen names triggers and statuses (002 §2.7, §3 'Trigger' tipo_status).
import {
  describeStep,
  type RuleView,
  type Step,
  type StepKind,
  type Trigger,
  type TRIGGER_STATUS_KINDS,
  type TypebotSettings,
} from '@funil/domain/automations/automations';
import { CONTACT_STATUS_NAMES } from '@funil/domain/leads/negotiation';
import { LEAD_CHANNEL_LABELS } from '@funil/domain/leads/origin';
import type { UnitData } from '@funil/domain/unit/unit-data';

/** 002 §9: automation tables show 5 rows per page. */
export const AUTOMATION_PAGE_SIZE = 5;

/** 002 §2.7 'Tipo do Gatilho'. */
type TriggerStatusKind = (typeof TRIGGER_STATUS_KINDS)[number];

export const TRIGGER_TYPE_LABELS: Record<TriggerStatusKind, string> = {
  STATUS_NEGOCIACAO: 'Status do Funil',
  STATUS_VENDA: 'Status do ERP',
  STATUS_CONTATO: 'Status do contato',
};

/** The statuses a trigger of this kind can name: the unit's funnels, or the shared contact statuses. */
export function statusOptions(unit: UnitData, tipo: TriggerStatusKind): { id: number; nome: string }[] {
  if (tipo === 'STATUS_NEGOCIACAO') return unit.statusNegociacao.map((s) => ({ id: s.idFunil, nome: s.nome }));
  if (tipo === 'STATUS_VENDA') return unit.statusNegociacaoVenda.map((s) => ({ id: s.idFunilVenda, nome: s.nome }));
  return Object.entries(CONTACT_STATUS_NAMES).map(([id, nome]) => ({ id: Number(id), nome }));
}

export function statusName(unit: UnitData, tipo: TriggerStatusKind, id: number): string {
  return statusOptions(unit, tipo).find((s) => s.id === id)?.nome ?? `#${id}`;
}

export function triggerTypeLabel(t: Trigger): string {
  switch (t.tipo) {
    case 'status-entrou':
    case 'status-saiu':
      return TRIGGER_TYPE_LABELS[t.tipoStatus];
    case 'captado':
      return 'Lead captado';
    case 'mensagem-recebida':
      return 'Mensagem recebida';
    case 'chamada-encerrada':
      return 'Chamada encerrada';
    case 'sem-movimento':
      return 'Sem movimento';
    case 'sem-resposta':
      return 'Sem resposta';
  }
}

/** The trigger's 'Status' column: what fires it, in words. */
export function triggerDetail(unit: UnitData, t: Trigger): string {
  switch (t.tipo) {
    case 'status-entrou':
      return `Entrou em ${statusName(unit, t.tipoStatus, t.idStatus)}`;
    case 'status-saiu':
      return `Saiu de ${statusName(unit, t.tipoStatus, t.idStatus)}`;
    case 'captado':
      return t.canal ? `Pelo canal ${LEAD_CHANNEL_LABELS[t.canal]}` : 'Por qualquer canal';
    case 'mensagem-recebida':
      return t.palavraChave ? `Com a palavra "${t.palavraChave}"` : 'Qualquer mensagem';
    case 'chamada-encerrada':
      return t.atendida === null ? 'Qualquer resultado' : t.atendida ? 'Atendida' : 'Não atendida';
    case 'sem-movimento':
      return `${t.dias} ${t.dias === 1 ? 'dia' : 'dias'} em ${statusName(unit, t.tipoStatus, t.idStatus)}`;
    case 'sem-resposta':
      return `${t.horas} ${t.horas === 1 ? 'hora' : 'horas'} sem resposta após a última mensagem enviada`;
  }
}

/** 'Adicionar passo' and the builder's 'Passo' column: each kind of step in words. */
export const STEP_KINDS: readonly { kind: StepKind; label: string }[] = [
  { kind: 'mensagem', label: 'Enviar mensagem no WhatsApp' },
  { kind: 'esperar', label: 'Esperar' },
  { kind: 'condicao', label: 'Condição' },
  { kind: 'status', label: 'Mudar status' },
  { kind: 'atribuir', label: 'Atribuir atendente' },
  { kind: 'tag', label: 'Adicionar ou remover tag' },
  { kind: 'anotacao', label: 'Adicionar anotação' },
  { kind: 'webhook', label: 'Chamar URL externa' },
  { kind: 'typebot', label: 'Iniciar fluxo do Typebot' },
  { kind: 'aguardar-resposta', label: 'Aguardar resposta do lead' },
  { kind: 'agendar-ligacao', label: 'Agendar ligação' },
  { kind: 'agendar-mensagem', label: 'Agendar mensagem no WhatsApp' },
  { kind: 'mensagem-rapida', label: 'Enviar mensagem rápida' },
  { kind: 'midia', label: 'Enviar mídia (imagem, documento ou áudio)' },
];

export function stepKindLabel(kind: StepKind): string {
  return STEP_KINDS.find((k) => k.kind === kind)?.label ?? kind;
}

/** The names a step's summary needs besides the unit's: the Typebot flows, the quick messages. */
export type StepNames = {
  typebot?: TypebotSettings | undefined;
  quickMessages?: readonly { idModelo: number; tituloMensagem: string }[];
};

const CONDITION_SUBJECT = {
  status: 'o status do funil',
  'status-venda': 'o status do ERP',
  atendente: 'o atendente',
  plataforma: 'a plataforma',
  campanha: 'a campanha',
} as const;

function conditionText(unit: UnitData, step: Extract<Step, { tipo: 'condicao' }>): string {
  const id = Number(step.valor);
  if (step.campo === 'tag') {
    const tag = typeof step.valor === 'number' ? (unit.tags.find((t) => t.id === id)?.nome ?? `#${id}`) : step.valor;
    return `Continuar só se o lead ${step.negar ? 'não tiver' : 'tiver'} a tag "${tag}"`;
  }
  const value =
    step.campo === 'status'
      ? statusName(unit, 'STATUS_NEGOCIACAO', id)
      : step.campo === 'status-venda'
        ? statusName(unit, 'STATUS_VENDA', id)
        : step.campo === 'atendente'
          ? (unit.usuarios.find((u) => u.id === id)?.nome ?? `#${id}`)
          : step.campo === 'plataforma'
            ? (unit.plataformas.find((p) => p.id === id)?.nome ?? `#${id}`)
            : String(step.valor);
  return `Continuar só se ${CONDITION_SUBJECT[step.campo]} ${step.negar ? 'não for' : 'for'} ${value}`;
}

/** A step as the manager reads it, with the unit's names instead of ids. */
export function stepText(unit: UnitData, step: Step, names: StepNames = {}): string {
  switch (step.tipo) {
    case 'status':
      return `Mudar o status de ${step.familia === 'negociacao' ? 'negociação' : 'venda'} para ${statusName(
        unit,
        step.familia === 'negociacao' ? 'STATUS_NEGOCIACAO' : 'STATUS_VENDA',
        step.idStatus,
      )}`;
    case 'atribuir':
      return step.idUsuario === null
        ? describeStep(step)
        : `Atribuir a ${unit.usuarios.find((u) => u.id === step.idUsuario)?.nome ?? `#${step.idUsuario}`}`;
    case 'condicao':
      return conditionText(unit, step);
    case 'typebot': {
      const flow = names.typebot?.fluxos.find((f) => f.idPublico === step.fluxo);
      return flow ? `Iniciar o fluxo do Typebot "${flow.nome}"` : describeStep(step);
    }
    case 'mensagem-rapida': {
      const model = names.quickMessages?.find((m) => m.idModelo === step.idModelo);
      return model ? `Enviar a mensagem rápida "${model.tituloMensagem}"` : describeStep(step);
    }
    default:
      return describeStep(step);
  }
}

export const ruleLabel = (r: RuleView) => r.nome;
