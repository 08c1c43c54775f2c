// Quick messages (001 §3, §5, §7, §8): what the chat composer and the app use.
export {
  useQuickMessages,
  quickMessagesQuery,
  useCreateQuickMessage,
  useEditQuickMessage,
  useDeleteQuickMessage,
} from './api/quick-messages.ts';
export {
  QuickMessageSuggestions,
  useQuickMessageSuggestions,
  type QuickMessageSuggestionsProps,
} from './components/quick-message-suggestions.tsx';
export { QuickMessagesDialog, type QuickMessagesDialogProps } from './components/quick-messages-dialog.tsx';
export { QuickMessageFormDialog } from './components/quick-message-form-dialog.tsx';
export { QuickMessagesScreen } from './components/quick-messages-screen.tsx';
export type { ScopedQuickMessage } from '@funil/domain/whatsapp-api/quick-messages-api';
