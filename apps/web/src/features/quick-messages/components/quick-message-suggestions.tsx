// 001 §5 "Composer": '/' at the start of the composer opens the quick-message suggestions, filtered
// by title. The composer owns the text and the keys: it renders this under (or over) its input,
// moves `activeIndex` with the arrow keys and calls `onPick` on Enter (useQuickMessageSuggestions
// gives it the same list this renders).
import { List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { useMemo } from 'react';

import { quickMessageSuggestions, type ScopedQuickMessage } from '@funil/domain/whatsapp-api/quick-messages-api';

import { useQuickMessages } from '../api/quick-messages.ts';

/** The templates matching the composer's text; null when the text does not start with '/'. */
export function useQuickMessageSuggestions(text: string): ScopedQuickMessage[] | null {
  const active = text.startsWith('/');
  const { templates } = useQuickMessages({ enabled: active });
  return useMemo(() => (active ? (quickMessageSuggestions(text, templates ?? []) ?? []) : null), [active, text, templates]);
}

export type QuickMessageSuggestionsProps = {
  /** The composer's whole text. */
  text: string;
  onPick: (template: ScopedQuickMessage) => void;
  /** The highlighted row (arrow keys); -1 or absent for none. */
  activeIndex?: number;
  maxHeight?: number;
};

export function QuickMessageSuggestions({ text, onPick, activeIndex = -1, maxHeight = 260 }: QuickMessageSuggestionsProps) {
  const suggestions = useQuickMessageSuggestions(text);
  if (suggestions === null) return null;
  return (
    <Paper elevation={6} sx={{ maxHeight, overflowY: 'auto' }} role="listbox" aria-label="Mensagens rápidas">
      {suggestions.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }}>
          Nenhuma mensagem rápida encontrada.
        </Typography>
      ) : (
        <List dense disablePadding>
          {suggestions.map((t, index) => (
            <ListItemButton
              key={`${t.escopo}-${t.idModelo}`}
              selected={index === activeIndex}
              role="option"
              aria-selected={index === activeIndex}
              // mousedown keeps the composer's focus.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onPick(t)}
            >
              <ListItemText
                primary={t.tituloMensagem}
                secondary={t.mensagem}
                slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } }, secondary: { noWrap: true } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  );
}
