// Portuguese texts the lead API answers with (000 §5 §8, 001 §8); spec texts are verbatim.
export const LEAD_API_MESSAGES = {
  notFound: 'Lead não encontrado.',
  /** issue 12: a unit the company admin named on /webphone that is not an active unit of its company. */
  unitNotFound: 'Unidade não encontrada.',
  assignedToOther: 'Cliente atribuido a outro atendente.',
  created: 'Contato cadastrado com sucesso.',
  updated: 'Contato atualizado com sucesso.',
  statusUpdated: 'Status da negociação atualizado com sucesso.',
  saleStatusUpdated: 'Status do cliente atualizado com sucesso.',
  statusInvalid: 'Status de negociação inválido.',
  saleStatusInvalid: 'Status do cliente inválido.',
  transitionNotAllowed: 'Transição de status não permitida.',
  saleStatusForbidden: 'Você não tem permissão para alterar o status do cliente.',
  potentialUpdated: 'Potencial atualizado com sucesso.',
  potentialNotFound: 'Potencial de negociação não encontrado.',
  noteAdded: 'Anotação adicionada com sucesso.',
  noteRemoved: 'Anotação removida com sucesso.',
  commentRemoved: 'Comentário removido com sucesso.',
  itemNotFound: 'Item do histórico não encontrado.',
  ticketUpdated: 'Valor do ticket atualizado com sucesso.',
  ticketEditNotAllowed: 'A edição do ticket não é permitida para este evento.',
  callScheduled: 'Contato agendado com sucesso.',
  messageScheduled: 'Mensagem agendada com sucesso.',
  scheduledMessageCleared: 'Mensagem agendada removida com sucesso.',
  noScheduledMessage: 'Não há mensagem agendada para este lead.',
  datePast: 'A data e hora não podem estar no passado.',
  dateInvalid: 'Data e hora inválidas. Use o formato AAAA-MM-DD HH:mm:ss.',
  // 001 §8 Assignment.
  assigned: 'Cliente atribuído com sucesso.',
  unassigned: 'Cliente desatribuído com sucesso.',
  assignError: 'Erro ao atribuir cliente.',
  assignmentDisabled: 'A atribuição de clientes não está habilitada nesta unidade.',
  transferred: 'Contato transferido com sucesso.',
  transferUnitInvalid: 'Unidade de destino inválida.',
  blocked: 'WhatsApp bloqueado com sucesso.',
  unblocked: 'WhatsApp desbloqueado com sucesso.',
  // 001 §4 Conversion, §8.
  converted: 'Cliente convertido para o sistema irmão',
  noPhone: 'Cliente sem telefone',
  alreadyConverted: 'Cliente já convertido para o sistema irmão.',
  conversionNotAllowed: 'Conversão disponível apenas para a empresa 1.',
  // 001 §8 Lead action.
  deleted: 'Lead apagado com sucesso',
  markedUnread: 'Lead marcado como não lido',
  markedRead: 'Lead marcado como lido',
  leadUpdated: 'Lead atualizado com sucesso',
  deleteForbidden: 'Você não tem permissão para apagar leads.',
  nothingToChange: 'Nenhuma alteração informada.',
  // 000 §7 contato/chamadaid and contato/proximaligacao (the call queue of 002 §4).
  callStarted: 'Ligação registrada com sucesso.',
  callEnded: 'Resultado da ligação registrado com sucesso.',
} as const;

/** The 409 answer when the phone already belongs to a lead of the unit (ninth-digit tolerant). */
export function duplicatePhoneMessage(lead: { cli_crm_id: number; cli_nome: string }): string {
  return `Já existe um lead com este telefone nesta unidade: ${lead.cli_nome} (#${lead.cli_crm_id}).`;
}

export const TAG_API_MESSAGES = {
  created: 'Tag criada com sucesso',
  duplicate: 'Já existe uma tag com este nome.',
  notFound: 'Tag não encontrada.',
  // 001 §8 Tag assignment.
  assigned: 'Tags atribuídas com sucesso',
  assignError: 'Erro ao atribuir tags',
  removed: 'Tag removida com sucesso',
  nameRequired: 'Nome da tag é obrigatório',
  colorInvalid: 'Cor inválida. Use uma cor da paleta ou #rrggbb.',
} as const;
