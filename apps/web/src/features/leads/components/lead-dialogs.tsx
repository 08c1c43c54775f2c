// The confirmation dialogs of the lead actions (001 §2 "Dialogs"): 'Deseja apagar este lead?'
// 'Transferir Contato' (a unit picker; 'Transferir' disabled until a unit is chosen, 001 §5) and
// 'Converter cliente para o sistema irmão' (a unit picker for unit 58, a plain confirmation
// elsewhere: a conversion cannot be undone, issue 7 §5; 001 §2 Dialogs, §4 Conversion).
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useUnits } from '../api/get-units.ts';

export function DeleteLeadDialog({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title="Deseja apagar este lead?"
      confirmLabel="Apagar"
      destructive
      busy={busy}
      onConfirm={onConfirm}
      onClose={onCancel}
    >
      O lead sai da lista e do funil da unidade.
    </ConfirmDialog>
  );
}

type UnitPickerDialogProps = {
  open: boolean;
  titleId: string;
  title: string;
  confirmLabel: string;
  emptyText: string;
  /** A line above the picker. */
  notice?: string;
  excludeUnitId?: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (unitId: number) => void;
};

/** A dialog that asks for one of the company's units; the confirm button waits for a choice (001 §5). */
function UnitPickerDialog({
  open,
  titleId,
  title,
  confirmLabel,
  emptyText,
  notice,
  excludeUnitId,
  busy,
  onCancel,
  onConfirm,
}: UnitPickerDialogProps) {
  const units = useUnits(open);
  const [unitId, setUnitId] = useState<number | null>(null);
  const options = (units.data ?? []).filter((unit) => unit.id !== excludeUnitId);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {notice && <DialogContentText>{notice}</DialogContentText>}
        <TextField
          select
          fullWidth
          label="Unidade"
          value={unitId === null ? '' : String(unitId)}
          onChange={(event) => setUnitId(Number(event.target.value))}
          sx={{ mt: 1 }}
          disabled={units.isPending}
          helperText={units.isSuccess && options.length === 0 ? emptyText : ' '}
        >
          {options.map((unit) => (
            <MenuItem key={unit.id} value={String(unit.id)}>
              {unit.nome}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancelar</Button>
        <Button variant="contained" disabled={unitId === null || busy} onClick={() => unitId !== null && onConfirm(unitId)}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type TransferDialogProps = {
  open: boolean;
  currentUnitId: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (unitId: number) => void;
};

export function TransferUnitDialog({ currentUnitId, ...props }: TransferDialogProps) {
  return (
    <UnitPickerDialog
      {...props}
      titleId="transferir-contato-titulo"
      title="Transferir Contato"
      confirmLabel="Transferir"
      emptyText="Nenhuma outra unidade disponível"
      excludeUnitId={currentUnitId}
    />
  );
}

type ConvertDialogProps = { busy: boolean; onCancel: () => void; onConfirm: (unitId: number) => void };

/** 001 §4: for unit 58 the conversion asks for the unit. */
export function ConvertUnitDialog(props: ConvertDialogProps) {
  return (
    <UnitPickerDialog
      {...props}
      open
      titleId="converter-cliente-titulo"
      title="Converter cliente para o sistema irmão"
      confirmLabel="Converter"
      emptyText="Nenhuma unidade disponível"
      notice={CONVERSION_NOTICE}
    />
  );
}

/** issue 7 §5: the conversion creates the customer in the sister system and cannot be undone. */
const CONVERSION_NOTICE = 'O cliente será cadastrado no sistema irmão. Esta ação não pode ser desfeita.';

/** issue 7 §5: 'Converter cliente' asks before it runs. */
export function ConvertLeadDialog({
  leadName,
  busy,
  onCancel,
  onConfirm,
}: {
  leadName: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open
      title="Converter cliente para o sistema irmão?"
      confirmLabel="Converter"
      busy={busy}
      onConfirm={onConfirm}
      onClose={onCancel}
    >
      Deseja converter {leadName}? {CONVERSION_NOTICE}
    </ConfirmDialog>
  );
}
