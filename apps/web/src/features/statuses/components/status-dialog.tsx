// 'Cadastrar Status' / 'Editar Status' (002 §2.8, §5): name, funnel order (not editable once
// created), colour from the palette of 12, description; Salvar disabled until valid.
import { Box, MenuItem, Stack, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';

import { STATUS_DEFAULT_COLOR, STATUS_MESSAGES, STATUS_PALETTE } from '@funil/domain/admin-api/statuses';

import { AdminFormDialog } from '../../../components/ui/admin-form-dialog.tsx';
import { FormTextField } from '../../../components/ui/form-fields.tsx';
import { useSaveStatus, type StatusKind, type StatusRow } from '../api/statuses.ts';
import { EMPTY_STATUS_FORM, formOf, statusFormSchema } from '../status-form.ts';

const COLOURS = [{ nome: 'Preto', cor: STATUS_DEFAULT_COLOR }, ...STATUS_PALETTE];

function Swatch({ cor }: { cor: string }) {
  return (
    <Box
      aria-hidden
      sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: cor, border: 1, borderColor: 'divider', flexShrink: 0 }}
    />
  );
}

type StatusDialogProps = {
  kind: StatusKind;
  idEmpresa: number | null;
  open: boolean;
  editing: StatusRow | null;
  rows: readonly StatusRow[];
  onClose: () => void;
};

export function StatusDialog({ kind, idEmpresa, open, editing, rows, onClose }: StatusDialogProps) {
  const save = useSaveStatus(kind, idEmpresa);
  const schema = statusFormSchema(rows, editing);
  const colours =
    editing && !COLOURS.some((c) => c.cor === editing.cor.toLowerCase())
      ? [...COLOURS, { nome: 'Cor atual', cor: editing.cor }]
      : COLOURS;
  return (
    <AdminFormDialog
      open={open}
      mode={editing ? 'edit' : 'create'}
      title={editing ? 'Editar Status' : 'Cadastrar Status'}
      schema={schema}
      values={editing ? formOf(editing) : EMPTY_STATUS_FORM}
      successMessage={editing ? STATUS_MESSAGES.updated : STATUS_MESSAGES.created}
      disableUntilValid
      onClose={onClose}
      onSubmit={(form) => save.mutateAsync({ editing: editing !== null, form })}
    >
      {({ control }) => (
        <>
          <FormTextField control={control} name="nome" label="Nome" required autoFocus />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              control={control}
              name="ordem"
              label="Ordem do funil"
              required
              numeric
              step="1"
              disabled={editing !== null}
              helperText={editing ? 'A ordem do funil não pode ser alterada.' : undefined}
            />
            <Controller
              control={control}
              name="cor"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Cor"
                  size="small"
                  fullWidth
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                  slotProps={{
                    select: {
                      renderValue: (value) => {
                        const colour = colours.find((c) => c.cor === value);
                        return (
                          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                            <Swatch cor={String(value)} />
                            <span>{colour?.nome ?? String(value)}</span>
                          </Stack>
                        );
                      },
                    },
                  }}
                >
                  {colours.map((colour) => (
                    <MenuItem key={colour.cor} value={colour.cor}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Swatch cor={colour.cor} />
                        <span>{colour.nome}</span>
                      </Stack>
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
          <FormTextField control={control} name="descricao" label="Descrição" multiline minRows={2} />
        </>
      )}
    </AdminFormDialog>
  );
}
