// 'Modelos de mensagem' (001 §2, §5): the chat's dialog over the templates; picking one hands it
// to the composer (the composer fills the placeholders: fillPlaceholders of the domain).
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';

import type { ScopedQuickMessage } from '@funil/domain/whatsapp-api/quick-messages-api';

import { QuickMessagesManager } from './quick-messages-manager.tsx';

export type QuickMessagesDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Omit to only manage the templates. */
  onPick?: (template: ScopedQuickMessage) => void;
};

export function QuickMessagesDialog({ open, onClose, onPick }: QuickMessagesDialogProps) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="quick-messages-dialog-title"
    >
      <DialogTitle id="quick-messages-dialog-title">Modelos de mensagem</DialogTitle>
      <DialogContent dividers>
        {open && <QuickMessagesManager onPick={onPick ? (t) => (onPick(t), onClose()) : undefined} listMaxHeight="55vh" />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
