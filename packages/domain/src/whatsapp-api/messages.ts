// Portuguese texts of the WhatsApp area (001 §8); the spec's own texts are verbatim.
export const WHATSAPP_MESSAGES = {
  // 001 §8 "Lead without WhatsApp".
  leadWithoutWhatsapp: 'Lead sem WhatsApp!',
  // 001 §8 "WhatsApp disconnected".
  disconnected: 'WhatsApp desconectado',
  // 001 §8 "Deleted or missed messages".
  deletedByContact: 'Essa mensagem foi apagada pelo contato',
  blocked: 'Lead bloqueado para WhatsApp.',
  leadNotFound: 'Lead não encontrado.',
  instanceNotFound: 'Instância não encontrada.',
  messageNotFound: 'Mensagem não encontrada.',
  ticketNotFound: 'Ticket não encontrado.',
  mediaNotFound: 'Mídia não encontrada.',
  onlyOwnMessages: 'Só é possível excluir mensagens enviadas por você.',
  instanceNameTaken: 'Já existe uma instância com este nome.',
  instanceNameInvalid: 'Nome da instância inválido: use de 3 a 60 letras, números, hífens ou sublinhados.',
  instanceAdminsOnly: 'Somente administradores podem criar instâncias.',
  instanceManageAdminsOnly: 'Somente administradores podem conectar, desconectar ou remover instâncias.',
  rejectedWebhooksCompanyAdminsOnly: 'Somente o administrador da empresa vê os eventos do WhatsApp não gravados.',
  instanceRemoved: 'Instância removida com sucesso.',
  instanceCreated: 'Instância criada com sucesso.',
  instanceLoggedOut: 'Instância desconectada com sucesso.',
  alreadyConnected: 'WhatsApp já conectado.',
  gatewayUnavailable: 'Falha ao comunicar com o WhatsApp. Tente novamente.',
  emptyText: 'A mensagem não pode ser vazia.',
  noPhone: 'Lead sem telefone.',
  mediaInvalid: 'Arquivo inválido: envie o conteúdo em base64.',
  // 001 §5 "Media pickers".
  fileTooLarge: 'Arquivo muito grande!',
  read: 'Mensagens marcadas como lidas.',
  deleted: 'Mensagem excluída.',
  invalidCharacter: 'A mensagem contém um caractere inválido.',
  idempotencyKeyReused: 'Esta chave de envio já foi usada em outra conversa.',
  idempotencyKeyInvalid: 'Chave de envio inválida.',
} as const;

/** 001 §8: the body of a missed-call log, HH:mm in São Paulo time. */
export function missedCallText(hhmm: string): string {
  return `Chamada de voz/vídeo perdida às ${hhmm}`;
}
