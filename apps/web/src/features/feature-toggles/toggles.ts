// 002 §2.9: the toggles the screen shows, with their labels as the spec writes them. The automation
// and mass-send toggles exist but stay hidden; their values (and every other flag) are kept on save.
import type { ConfiguracoesExtra } from '@funil/domain/unit/unit-data';

type BooleanFlag = { [K in keyof ConfiguracoesExtra]-?: NonNullable<ConfiguracoesExtra[K]> extends boolean ? K : never }[keyof ConfiguracoesExtra];

export const VISIBLE_TOGGLES: readonly { flag: BooleanFlag; label: string; description: string }[] = [
  { flag: 'pipeline', label: 'Pipeline', description: 'Mostra o funil em quadro e tabela no menu.' },
  { flag: 'clienteAtendente', label: 'Atribuir cliente à atendete', description: 'Permite atribuir um lead a um atendente.' },
  { flag: 'assinaturaWhatsapp', label: 'Assinar mensagem', description: 'Assina as mensagens de WhatsApp com o nome do atendente.' },
  { flag: 'agendarMensagemHeaderWhatsapp', label: 'Agendar mensagem pelo header do WhatsApp', description: 'Mostra o agendamento de mensagem no topo da conversa.' },
  { flag: 'edicao_status_cliente', label: 'Edição de status do cliente', description: 'Permite arrastar leads entre os status do ERP no pipeline.' },
] as const;

/** 002 §2.9: present in configuracoesExtra, never shown on the screen. */
export const HIDDEN_TOGGLES: readonly BooleanFlag[] = ['automacao', 'habilita_envio_em_massaV2'];

export function withToggle(extras: ConfiguracoesExtra, flag: BooleanFlag, on: boolean): ConfiguracoesExtra {
  return { ...extras, [flag]: on };
}
