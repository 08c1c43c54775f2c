// How the /automacao screen names triggers and statuses (002 §2.7, §3 'Trigger' tipo_status).
import {
  describeStep,
  type RuleView,
  type Step,
  type Trigger,
  type TRIGGER_STATUS_KINDS,
} from '@funil/domain/automations/automations';
import { CONTACT_STATUS_NAMES } from '@funil/domain/leads/negotiation';
import { LEAD_CHANNEL_LABELS } from '@funil/domain/leads/origin';
import type { UnitData } from '@funil/domain/unit/unit-data';

type TriggerStatusKind = (typeof TRIGGER_STATUS_KINDS)[number];

/** 002 §9: automation tables show 5 rows per page. */
export const AUTOMATION_PAGE_SIZE = 5;

/** 002 §2.7 'Tipo do Gatilho'. */
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

/** A step as the manager reads it, with the unit's names instead of ids. */
export function stepText(unit: UnitData, step: Step): string {
  if (step.tipo === 'status')
    return `Mudar o status de ${step.familia === 'negociacao' ? 'negociação' : 'venda'} para ${statusName(
      unit,
      step.familia === 'negociacao' ? 'STATUS_NEGOCIACAO' : 'STATUS_VENDA',
      step.idStatus,
    )}`;
  if (step.tipo === 'atribuir' && step.idUsuario !== null)
    return `Atribuir a ${unit.usuarios.find((u) => u.id === step.idUsuario)?.nome ?? `#${step.idUsuario}`}`;
  return describeStep(step);
}

export const ruleLabel = (r: RuleView) => r.nome;
