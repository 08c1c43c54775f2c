// The message a search over message text matched (001 §5 "Search", issue 9): the server answers it
// with the row (`mensagem_encontrada`); without one the row shows its last message.
import type { MessageMatch } from '@funil/domain/whatsapp-api/legacy-api';

import type { ChatLead } from './api/chat-leads.ts';

export function matchedMessageOf(lead: ChatLead): MessageMatch | null {
  const match = lead.mensagem_encontrada;
  return match && match.texto.trim() !== '' ? match : null;
}
