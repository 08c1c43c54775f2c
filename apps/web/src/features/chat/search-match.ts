// The message a search over message text matched (001 §5 "Search", issue 9): the server answers it
// with the row; without one the row shows its last message.
import type { ChatLead } from './api/chat-leads.ts';

export function matchedMessageOf(lead: ChatLead): string | null {
  const match = (lead as ChatLead & { mensagem_encontrada?: string | null }).mensagem_encontrada;
  return typeof match === 'string' && match.trim() !== '' ? match : null;
}
