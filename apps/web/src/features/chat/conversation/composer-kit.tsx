// The quick messages the composer offers (001 §5 "Composer": '/' at the start opens suggestions
// filtered by title; the 'Modelos de mensagem' dialog). They belong to the quick-messages feature; a
// feature never imports another, so the app hands them over through this context
// (apps/web/src/app/chat-screens.tsx). Without a provider the composer simply offers none.
import { createContext, useContext, type ComponentType } from 'react';

import type { ScopedQuickMessage } from '@funil/domain/whatsapp-api/quick-messages-api';

export type ComposerKit = {
  /** The templates matching the composer's text; null when the text does not start with '/'. */
  useSuggestions: (text: string) => ScopedQuickMessage[] | null;
  Suggestions: ComponentType<{
    text: string;
    onPick: (template: ScopedQuickMessage) => void;
    activeIndex?: number;
    maxHeight?: number;
  }>;
  TemplatesDialog: ComponentType<{ open: boolean; onClose: () => void; onPick?: (template: ScopedQuickMessage) => void }>;
};

const ComposerKitContext = createContext<ComposerKit | null>(null);

export const ComposerKitProvider = ComposerKitContext.Provider;

export function useComposerKit(): ComposerKit | null {
  return useContext(ComposerKitContext);
}

const noSuggestions = (): null => null;
/** The suggestions hook of the kit, or none (a hook must be called the same way on every render). */
export function useKitSuggestions(kit: ComposerKit | null, text: string): ScopedQuickMessage[] | null {
  return (kit?.useSuggestions ?? noSuggestions)(text);
}
