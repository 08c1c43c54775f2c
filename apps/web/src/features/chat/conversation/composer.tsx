// The composer (001 §2, §4 "Composer", §5): multiline up to 10 rows, Enter sends and Shift+Enter adds a
// line, an empty text is not sent; a quoted message above it while replying.
import CloseIcon from '@mui/icons-material/Close';
import QuickreplyIcon from '@mui/icons-material/Quickreply';
import SendIcon from '@mui/icons-material/Send';
import { Box, IconButton, InputBase, Stack, Tooltip } from '@mui/material';
import { useRef, useState, type ReactNode } from 'react';

import type { ChatMessage } from '@funil/domain/whatsapp-api/chat-message';
import type { ScopedQuickMessage } from '@funil/domain/whatsapp-api/quick-messages-api';

import { canSendText, COMPOSER_MAX_ROWS, composerKeyAction } from './composer-keys.ts';
import { useComposerKit, useKitSuggestions } from './composer-kit.tsx';
import { EmojiButton } from './emoji-button.tsx';
import { QuotedBlock } from './message-bubble.tsx';

export type ComposerProps = {
  disabled: boolean;
  leadName: string;
  replyTo: ChatMessage | null;
  onCancelReply: () => void;
  onSendText: (text: string) => void;
  /** Buttons before the text box after the emoji button (stickers, attachments). */
  tools?: ReactNode;
  /** Buttons after the text box when the text is empty (the microphone). */
  idleAction?: ReactNode;
  /** A file pasted or dropped on the composer. */
  onFile?: (file: File) => void;
  /** Fills a template's placeholders for this lead (001 §5: [nome_cliente], [data_atual+N], …). */
  fillTemplate?: (template: string) => string;
};

export function Composer({
  disabled,
  leadName,
  replyTo,
  onCancelReply,
  onSendText,
  tools,
  idleAction,
  onFile,
  fillTemplate = (t) => t,
}: ComposerProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const [dragging, setDragging] = useState(false);
  // 001 §5: '/' at the start opens the quick-message suggestions, filtered by title.
  const kit = useComposerKit();
  const suggestions = useKitSuggestions(kit, text);
  const [active, setActive] = useState(0);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const suggesting = suggestions !== null && dismissedFor !== text;
  const applyTemplate = (template: ScopedQuickMessage) => {
    setText(fillTemplate(template.mensagem));
    setActive(0);
    requestAnimationFrame(() => input.current?.focus());
  };

  const send = () => {
    if (disabled || !canSendText(text)) return;
    onSendText(text);
    setText('');
  };
  const insert = (piece: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + piece + text.slice(end);
    setText(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + piece.length, start + piece.length);
    });
  };

  return (
    <Box
      onDragOver={(e) => {
        if (!onFile || disabled || !e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        setDragging(false);
        const file = e.dataTransfer.files[0];
        if (!onFile || disabled || !file) return;
        e.preventDefault();
        onFile(file);
      }}
      sx={{
        position: 'relative',
        bgcolor: '#f0f2f5',
        px: 1,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        outline: dragging ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
      }}
    >
      {suggesting && kit && (
        <Box sx={{ position: 'absolute', left: 8, right: 8, bottom: '100%', mb: 0.5, zIndex: 5 }} data-testid="quick-suggestions">
          <kit.Suggestions
            text={text}
            onPick={applyTemplate}
            activeIndex={Math.min(active, Math.max(0, (suggestions?.length ?? 1) - 1))}
          />
        </Box>
      )}
      {replyTo && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'flex-start', mb: 1, bgcolor: 'background.paper', borderRadius: 1, p: 0.5 }}
          data-testid="reply-preview"
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <QuotedBlock quoted={replyTo} leadName={leadName} />
          </Box>
          <IconButton size="small" aria-label="Cancelar resposta" onClick={onCancelReply}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      )}
      <Stack sx={{ alignItems: 'flex-end' }} direction="row" spacing={0.5}>
        <EmojiButton disabled={disabled} onPick={insert} />
        {tools}
        {kit && (
          <Tooltip title="Modelos de mensagem">
            <span>
              <IconButton aria-label="Modelos de mensagem" disabled={disabled} onClick={() => setTemplatesOpen(true)}>
                <QuickreplyIcon />
              </IconButton>
            </span>
          </Tooltip>
        )}
        <InputBase
          inputRef={input}
          multiline
          maxRows={COMPOSER_MAX_ROWS}
          fullWidth
          placeholder="Digite uma mensagem"
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (suggesting && suggestions.length > 0) {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                const step = e.key === 'ArrowDown' ? 1 : -1;
                setActive((i) => (i + step + suggestions.length) % suggestions.length);
                return;
              }
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                const chosen = suggestions[Math.min(active, suggestions.length - 1)];
                if (chosen) applyTemplate(chosen);
                return;
              }
            }
            if (suggesting && e.key === 'Escape') {
              e.preventDefault();
              setDismissedFor(text);
              return;
            }
            const action = composerKeyAction({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing }, text);
            if (action === 'send' || action === 'ignore') {
              e.preventDefault();
              if (action === 'send') send();
            }
          }}
          onPaste={(e) => {
            const file = e.clipboardData.files[0];
            if (!onFile || !file) return;
            e.preventDefault();
            onFile(file);
          }}
          inputProps={{ 'aria-label': 'Mensagem', 'aria-expanded': suggesting, 'aria-autocomplete': 'list' }}
          sx={{ bgcolor: 'background.paper', borderRadius: 2, px: 1.5, py: 1, fontSize: 15 }}
        />
        {canSendText(text) || !idleAction ? (
          <Tooltip title="Enviar">
            <span>
              <IconButton color="primary" aria-label="Enviar mensagem" onClick={send} disabled={disabled || !canSendText(text)}>
                <SendIcon />
              </IconButton>
            </span>
          </Tooltip>
        ) : (
          idleAction
        )}
      </Stack>
      {kit && templatesOpen && <kit.TemplatesDialog open onClose={() => setTemplatesOpen(false)} onPick={applyTemplate} />}
    </Box>
  );
}
