// 'Nova orientação' / 'Editar orientação': title, where it shows (every unit or one), active, and the
// text in the rich-text editor. Salvar waits for a title and a text.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, Switch, TextField, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { GUIDANCE_MESSAGES, guidanceBodySchema, type GuidanceRow } from '@funil/domain/admin-api/guidance';
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
  const [titulo, setTitulo] = useState(editing?.titulo ?? '');
  const [texto, setTexto] = useState(editing?.textoOrientacao ?? '');
  const [unidade, setUnidade] = useState<string>(editing?.idUnidade == null ? ALL_UNITS : String(editing.idUnidade));
  const [ativo, setAtivo] = useState(editing ? editing.ativo === 1 : true);
  const [touched, setTouched] = useState(false);

  const body = { titulo, textoOrientacao: texto, idUnidade: unidade === ALL_UNITS ? null : Number(unidade), ordem: editing?.ordem ?? nextOrder, ativo: ativo ? 1 : 0 } as const;
  const parsed = guidanceBodySchema.safeParse(body);
  const issueOf = (field: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message);

  const submit = () => {
    setTouched(true);
    if (!parsed.success) return;
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: () => {
          enqueueSnackbar(editing ? GUIDANCE_MESSAGES.updated : GUIDANCE_MESSAGES.created, { variant: 'success' });
          onClose();
        },
        onError: (error) => enqueueSnackbar(error instanceof ApiError ? error.message : String(error), { variant: 'error' }),
      },
    );
  };

  const unitOptions = units.data ?? [];
  const knownUnit = unidade === ALL_UNITS || unitOptions.some((u) => String(u.id) === unidade);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="guidance-dialog-title">
      <DialogTitle id="guidance-dialog-title">{editing ? 'Editar orientação' : 'Nova orientação'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            label="Título"
            required
            autoFocus
            value={titulo}
            onChange={(event) => setTitulo(event.target.value)}
            error={touched && issueOf('titulo') !== undefined}
            helperText={touched ? issueOf('titulo') : undefined}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField select label="Mostrar para" value={knownUnit ? unidade : ALL_UNITS} onChange={(event) => setUnidade(event.target.value)} sx={{ minWidth: 260 }}>
              <MenuItem value={ALL_UNITS}>Todas as unidades</MenuItem>
              {unitOptions.map((unit) => (
                <MenuItem key={unit.id} value={String(unit.id)}>
                  {unit.nome}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel control={<Switch checked={ativo} onChange={(event) => setAtivo(event.target.checked)} />} label="Ativa" />
          </Stack>
          <RichTextEditor label="Texto da orientação" initialHtml={editing?.textoOrientacao ?? ''} onChange={setTexto} error={touched && issueOf('textoOrientacao') !== undefined} />
          {touched && issueOf('textoOrientacao') && <Alert severity="error">{issueOf('textoOrientacao')}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
