// The composer (001 §2, §4 "Composer", §5): multiline up to 10 rows, Enter sends and Shift+Enter adds a
// line, an empty text is not sent; a quoted message above it while replying.
import { Box, IconButton, InputBase, Stack, Tooltip } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import { useRef, useState, type ReactNode } from 'react';
import type { ChatMessage } from '@funil/domain/whatsapp-api/chat-message';
import { COMPOSER_MAX_ROWS, canSendText, composerKeyAction } from './composer-keys.ts';
import { QuotedBlock } from './message-bubble.tsx';
import { EmojiButton } from './emoji-button.tsx';

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
  /** Called on each change: the quick-message '/' suggestions read it. */
  renderAbove?: (text: string, setText: (text: string) => void) => ReactNode;
};

export function Composer({ disabled, leadName, replyTo, onCancelReply, onSendText, tools, idleAction, onFile, renderAbove }: ComposerProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const [dragging, setDragging] = useState(false);

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
      sx={{ position: 'relative', bgcolor: '#f0f2f5', px: 1, py: 1, borderTop: 1, borderColor: 'divider', outline: dragging ? '2px dashed' : 'none', outlineColor: 'primary.main' }}
    >
      {renderAbove?.(text, setText)}
      {replyTo && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1, bgcolor: 'background.paper', borderRadius: 1, p: 0.5 }} data-testid="reply-preview">
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
        <InputBase
          inputRef={input}
          multiline
          maxRows={COMPOSER_MAX_ROWS}
          fullWidth
          placeholder="Digite uma mensagem"
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
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
          inputProps={{ 'aria-label': 'Mensagem' }}
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
    </Box>
  );
}
