// The confirmation dialogs of the lead actions (001 §2 "Dialogs"): 'Deseja apagar este lead?'
// 'Transferir Contato' (a unit picker; 'Transferir' disabled until a unit is chosen, 001 §5) and
// 'Converter cliente para o sistema irmão' (a unit picker, 001 §2 Dialogs, §4 Conversion).
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useUnits } from '../api/get-units.ts';

export function DeleteLeadDialog({ open, busy, onCancel, onConfirm }: { open: boolean; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="apagar-lead-titulo" maxWidth="xs" fullWidth>
      <DialogTitle id="apagar-lead-titulo">Deseja apagar este lead?</DialogTitle>
      <DialogContent>
        <DialogContentText>O lead sai da lista e do funil da unidade.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancelar</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          Apagar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type TransferDialogProps = { open: boolean; currentUnitId: number; busy: boolean; onCancel: () => void; onConfirm: (unitId: number) => void };

export function TransferUnitDialog({ open, currentUnitId, busy, onCancel, onConfirm }: TransferDialogProps) {
  const units = useUnits(open);
  const [unitId, setUnitId] = useState<number | null>(null);
  const options = (units.data ?? []).filter((unit) => unit.id !== currentUnitId);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="transferir-contato-titulo" maxWidth="xs" fullWidth>
      <DialogTitle id="transferir-contato-titulo">Transferir Contato</DialogTitle>
      <DialogContent>
        <TextField
          select
          label="Unidade"
          value={unitId === null ? '' : String(unitId)}
          onChange={(event) => setUnitId(Number(event.target.value))}
          sx={{ mt: 1 }}
          helperText={units.isSuccess && options.length === 0 ? 'Nenhuma outra unidade disponível' : ' '}
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
          Transferir
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type ConvertDialogProps = { busy: boolean; onCancel: () => void; onConfirm: (unitId: number) => void };

/** 001 §4: for unit 58 the conversion asks for the unit. */
export function ConvertUnitDialog({ busy, onCancel, onConfirm }: ConvertDialogProps) {
  const units = useUnits(true);
  const [unitId, setUnitId] = useState<number | null>(null);
  const options = units.data ?? [];
  return (
    <Dialog open onClose={onCancel} aria-labelledby="converter-cliente-titulo" maxWidth="xs" fullWidth>
      <DialogTitle id="converter-cliente-titulo">Converter cliente para o sistema irmão</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          label="Unidade"
          value={unitId === null ? '' : String(unitId)}
          onChange={(event) => setUnitId(Number(event.target.value))}
          sx={{ mt: 1 }}
          disabled={units.isPending}
          helperText={units.isSuccess && options.length === 0 ? 'Nenhuma unidade disponível' : ' '}
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
          Converter
        </Button>
      </DialogActions>
    </Dialog>
  );
}
