// 'Configurar Typebot' (issue 25 'Typebot through the gateway'): the admin sets the unit's Typebot
// server URL and its flows (a name and the flow's public id) that the 'Iniciar fluxo do Typebot'
// step picks from.
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/Delete';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';

import {
  AUTOMATION_API_MESSAGES,
  TYPEBOT_LIMITS,
  typebotSettingsSchema,
  type TypebotSettings,
} from '@funil/domain/automations/automations';

import { ApiError } from '../../../lib/api-error.ts';
import { useSaveTypebotSettings } from '../api/typebot-settings.ts';

export function TypebotSettingsDialog({ settings, onClose }: { settings: TypebotSettings; onClose: () => void }) {
  const [form, setForm] = useState<TypebotSettings>(settings);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveTypebotSettings();
  const { enqueueSnackbar } = useSnackbar();
  const setFlow = (i: number, patch: Partial<TypebotSettings['fluxos'][number]>) =>
    setForm((f) => ({ ...f, fluxos: f.fluxos.map((x, j) => (j === i ? { ...x, ...patch } : x)) }));

  const submit = async () => {
    const parsed = typebotSettingsSchema.safeParse(form);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Revise os campos.');
      return;
    }
    setProblem(null);
    try {
      await save.mutateAsync(parsed.data);
      enqueueSnackbar(AUTOMATION_API_MESSAGES.typebotSaved, { variant: 'success' });
      onClose();
    } catch (cause) {
      setProblem(cause instanceof ApiError ? cause.message : 'Erro ao salvar as configurações do Typebot.');
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Configurar Typebot</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <TextField
            label="URL do servidor do Typebot"
            value={form.url}
            placeholder="https://typebot.suaempresa.com.br"
            helperText="O endereço onde os fluxos são publicados. O WhatsApp da unidade inicia os fluxos por ele."
            onChange={(e) => setForm({ ...form, url: e.target.value })}
          />
          <Typography variant="subtitle1">Fluxos</Typography>
          {form.fluxos.length === 0 && <Typography color="text.secondary">Nenhum fluxo cadastrado.</Typography>}
          {form.fluxos.map((f, i) => (
            <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                label={`Nome do fluxo ${i + 1}`}
                value={f.nome}
                onChange={(e) => setFlow(i, { nome: e.target.value })}
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
              <TextField
                label={`Identificador público do fluxo ${i + 1}`}
                value={f.idPublico}
                placeholder="requalificacao-leads"
                onChange={(e) => setFlow(i, { idPublico: e.target.value })}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <Tooltip title="Remover">
                <IconButton
                  color="error"
                  aria-label={`Remover o fluxo ${i + 1}`}
                  onClick={() => setForm({ ...form, fluxos: form.fluxos.filter((_, j) => j !== i) })}
                >
                  <DeleteOutline />
                </IconButton>
              </Tooltip>
            </Stack>
          ))}
          <Button
            startIcon={<Add />}
            sx={{ alignSelf: 'flex-start' }}
            disabled={form.fluxos.length >= TYPEBOT_LIMITS.flows}
            onClick={() => setForm({ ...form, fluxos: [...form.fluxos, { nome: '', idPublico: '' }] })}
          >
            Adicionar fluxo
          </Button>
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
