// 'Nova orientação' / 'Editar orientação': title, where it shows (every unit or one), active, and the
// text in the rich-text editor. Salvar waits for a title and a text.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { GUIDANCE_MESSAGES, guidanceBodySchema, type GuidanceBody, type GuidanceRow } from '@funil/domain/admin-api/guidance';

import { FormSwitch } from '../../../components/ui/form-fields.tsx';
import { RichTextEditor } from '../../../components/ui/rich-text-editor.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useSaveGuidance, useUnits } from '../api/guidance-admin.ts';

/** The unit select's value for a text shown to every unit of the company. */
const ALL_UNITS = 'todas';

type GuidanceDialogProps = { editing: GuidanceRow | null; nextOrder: number; onClose: () => void };

export function GuidanceDialog({ editing, nextOrder, onClose }: GuidanceDialogProps) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const units = useUnits();
  const save = useSaveGuidance();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit } = useForm<GuidanceBody, unknown, z.output<typeof guidanceBodySchema>>({
    resolver: zodResolver(guidanceBodySchema),
    defaultValues: {
      titulo: editing?.titulo ?? '',
      textoOrientacao: editing?.textoOrientacao ?? '',
      idUnidade: editing?.idUnidade ?? null,
      ordem: editing?.ordem ?? nextOrder,
      ativo: editing ? (editing.ativo === 1 ? 1 : 0) : 1,
    },
    // The problems show once Salvar was pressed, then follow the typing.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const submit = handleSubmit((body) =>
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: () => {
          enqueueSnackbar(editing ? GUIDANCE_MESSAGES.updated : GUIDANCE_MESSAGES.created, { variant: 'success' });
          onClose();
        },
        onError: (error) => enqueueSnackbar(error instanceof ApiError ? error.message : String(error), { variant: 'error' }),
      },
    ),
  );

  const unitOptions = units.data ?? [];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="guidance-dialog-title">
      <DialogTitle id="guidance-dialog-title">{editing ? 'Editar orientação' : 'Nova orientação'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Controller
            name="titulo"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Título"
                required
                autoFocus
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Controller
              name="idUnidade"
              control={control}
              render={({ field }) => {
                const known = field.value != null && unitOptions.some((u) => u.id === field.value);
                return (
                  <TextField
                    select
                    label="Mostrar para"
                    name={field.name}
                    inputRef={field.ref}
                    onBlur={field.onBlur}
                    value={known ? String(field.value) : ALL_UNITS}
                    onChange={(event) => field.onChange(event.target.value === ALL_UNITS ? null : Number(event.target.value))}
                    sx={{ minWidth: 260 }}
                  >
                    <MenuItem value={ALL_UNITS}>Todas as unidades</MenuItem>
                    {unitOptions.map((unit) => (
                      <MenuItem key={unit.id} value={String(unit.id)}>
                        {unit.nome}
                      </MenuItem>
                    ))}
                  </TextField>
                );
              }}
            />
            <FormSwitch control={control} name="ativo" label="Ativa" on={1} off={0} />
          </Stack>
          <Controller
            name="textoOrientacao"
            control={control}
            render={({ field, fieldState }) => (
              <>
                <RichTextEditor
                  label="Texto da orientação"
                  initialHtml={editing?.textoOrientacao ?? ''}
                  onChange={field.onChange}
                  error={!!fieldState.error}
                />
                {fieldState.error && <Alert severity="error">{fieldState.error.message}</Alert>}
              </>
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
