// The one frame of a dialog that does something (the admin forms of 002 §2.10, the ads catalogue's dialogs
// and 'Inserir CSV' of 002 §2.6): the title, a loading bar while busy, the body (a form when the dialog
// saves: Enter in a field saves like the primary button), an error line over it, and the actions: what
// goes on the left (the 'continue' checkbox), Cancelar and the primary action. ConfirmDialog is the yes/no
// question; this is every other dialog. DialogShell is the Dialog, DialogFrame what is inside it: a body
// that holds the form's state can mount at each opening and render the frame itself.
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack } from '@mui/material';
import type { ReactNode } from 'react';

type DialogShellProps = {
  open: boolean;
  onClose: () => void;
  /** While busy, Escape and the backdrop do not close it. */
  busy?: boolean;
  /** The id of the frame's title, which names the dialog. */
  titleId: string;
  maxWidth?: 'xs' | 'sm' | 'md';
  fullScreen?: boolean;
  children: ReactNode;
};

export function DialogShell({ open, onClose, busy, titleId, maxWidth = 'sm', fullScreen, children }: DialogShellProps) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      {children}
    </Dialog>
  );
}

export type DialogFrameProps = {
  title: string;
  titleId: string;
  /** Saving or sending: the loading bar shows and the buttons wait. */
  busy?: boolean;
  /** The loading bar's name; null when the body shows its own progress (no bar). */
  busyLabel?: string | null;
  /** A line over the body (the form's errors). */
  error?: string | null;
  /** The body is a form: Enter in a field, and the primary button without its own onClick, call this. */
  onSubmit?: () => void;
  primary?: { label: string; onClick?: () => void; disabled?: boolean };
  /** 'Cancelar', or 'Fechar' for a dialog without a primary action. */
  cancelLabel?: string;
  onCancel: () => void;
  /** Left of the buttons (002 §2.10: the 'continue creating/editing' checkbox). */
  actionsStart?: ReactNode;
  children: ReactNode;
};

export function DialogFrame({
  title,
  titleId,
  busy = false,
  busyLabel = 'Salvando',
  error,
  onSubmit,
  primary,
  cancelLabel = 'Cancelar',
  onCancel,
  actionsStart,
  children,
}: DialogFrameProps) {
  const onPrimary = primary?.onClick ?? onSubmit;
  return (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {busyLabel === null ? null : busy ? <LinearProgress aria-label={busyLabel} /> : <Box sx={{ height: 4 }} />}
      <DialogContent dividers>
        {onSubmit ? (
          <Stack
            component="form"
            spacing={2}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {error ? <Alert severity="warning">{error}</Alert> : null}
            {children}
            {/* Enter in a field saves like the primary button. */}
            <button type="submit" hidden tabIndex={-1} aria-hidden />
          </Stack>
        ) : (
          <Stack spacing={2}>
            {error ? <Alert severity="warning">{error}</Alert> : null}
            {children}
          </Stack>
        )}
      </DialogContent>
      <DialogActions
        sx={{ px: 3, py: 1.5, justifyContent: actionsStart ? 'space-between' : 'flex-end', flexWrap: 'wrap', gap: 1 }}
      >
        {actionsStart}
        <Stack direction="row" spacing={1}>
          <Button onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          {primary && (
            <Button variant="contained" onClick={() => onPrimary?.()} disabled={busy || primary.disabled === true}>
              {primary.label}
            </Button>
          )}
        </Stack>
      </DialogActions>
    </>
  );
}
