// A step and a status as a manager reads them, with the unit's names instead of ids (issue 25 'Criar
// automação': "a short list of steps a manager can read top to bottom"): the builder's 'O que faz', the
// run log of 'Visualizar Desempenho' and of the lead's timeline (written by the server).
import { CONTACT_STATUS_NAMES } from '../leads/negotiation.ts';
import type { UnitData } from '../unit/unit-data.ts';
import { CONDITION_SUBJECT, describeStep, type Step, type TRIGGER_STATUS_KINDS, type TypebotSettings } from './automations.ts';

/** 002 §3 Trigger `tipo_status`. */
type TriggerStatusKind = (typeof TRIGGER_STATUS_KINDS)[number];

/** The lists of the unit a step's text names (the /dados-unidade answer has them all). */
export type StepTextUnit = Pick<UnitData, 'statusNegociacao' | 'statusNegociacaoVenda' | 'usuarios' | 'tags' | 'plataformas'>;

/** The statuses a trigger of this kind can name: the unit's funnels, or the shared contact statuses. */
export function statusOptions(unit: StepTextUnit, tipo: TriggerStatusKind): { id: number; nome: string }[] {
  if (tipo === 'STATUS_NEGOCIACAO') return unit.statusNegociacao.map((s) => ({ id: s.idFunil, nome: s.nome }));
  if (tipo === 'STATUS_VENDA') return unit.statusNegociacaoVenda.map((s) => ({ id: s.idFunilVenda, nome: s.nome }));
  return Object.entries(CONTACT_STATUS_NAMES).map(([id, nome]) => ({ id: Number(id), nome }));
}

/** A status's name (`#id` when the unit no longer has it). */
export function statusName(unit: StepTextUnit, tipo: TriggerStatusKind, id: number): string {
  return statusOptions(unit, tipo).find((s) => s.id === id)?.nome ?? `#${id}`;
}

/** The names a step's summary needs besides the unit's: the Typebot flows, the quick messages. */
export type StepNames = {
  typebot?: TypebotSettings | undefined;
  quickMessages?: readonly { idModelo: number; tituloMensagem: string }[];
};

function conditionText(unit: StepTextUnit, step: Extract<Step, { tipo: 'condicao' }>): string {
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
export function stepText(unit: StepTextUnit, step: Step, names: StepNames = {}): string {
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
