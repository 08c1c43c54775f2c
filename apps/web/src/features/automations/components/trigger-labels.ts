// How the /automacao screen names triggers and statuses (002 §2.7, §3 'Trigger' tipo_status).
import type { RuleView, StepKind, Trigger, TRIGGER_STATUS_KINDS } from '@funil/domain/automations/automations';
import { statusName } from '@funil/domain/automations/step-text';
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

export const ruleLabel = (r: RuleView) => r.nome;
