// 'Cadastro de Gatilho' (002 §2.7): Nome, Tipo do Gatilho (Status do Funil, Status do ERP or Status do contato),
// Status, Automação (the steps it runs: an automation built with 'Criar automação'), Cancelar and
// Cadastrar. The new trigger runs when a lead enters the status, once per entry.
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
  type Theme,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';

import { AUTOMATION_API_MESSAGES, type RuleView } from '@funil/domain/automations/automations';
import { statusOptions } from '@funil/domain/automations/step-text';

import { ApiError } from '../../../lib/api-error.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useSaveAutomation } from '../api/automations.ts';
import { TRIGGER_TYPE_LABELS } from './trigger-labels.ts';

type Kind = keyof typeof TRIGGER_TYPE_LABELS;

export function TriggerDialog({ rules, onClose }: { rules: readonly RuleView[]; onClose: () => void }) {
  const unit = useLoadedUnitData();
  const save = useSaveAutomation();
  const { enqueueSnackbar } = useSnackbar();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [nome, setNome] = useState('');
  const [tipo, setTipo] = useState<Kind>('STATUS_NEGOCIACAO');
  const [idStatus, setIdStatus] = useState<number | ''>('');
  const [idAutomacao, setIdAutomacao] = useState<number | ''>('');
  const [tried, setTried] = useState(false);
  const statuses = statusOptions(unit, tipo);
  const source = rules.find((r) => r.id === idAutomacao);
  const missing = (v: unknown) => tried && (v === '' || (typeof v === 'string' && v.trim() === ''));

  const submit = async () => {
    setTried(true);
    if (!nome.trim() || idStatus === '' || !source) return;
    try {
      await save.mutateAsync({
        body: {
          nome: nome.trim(),
          gatilho: { tipo: 'status-entrou', tipoStatus: tipo, idStatus },
          opcoes: source.opcoes,
          passos: source.passos,
          habilitado: true,
        },
      });
      enqueueSnackbar(AUTOMATION_API_MESSAGES.created, { variant: 'success' });
      onClose();
    } catch (cause) {
      enqueueSnackbar(cause instanceof ApiError ? cause.message : 'Erro ao cadastrar o gatilho.', { variant: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle>Cadastro de Gatilho</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {rules.length === 0 && <Alert severity="info">Crie uma automação primeiro: o gatilho executa os passos dela.</Alert>}
          <TextField
            label="Nome"
            value={nome}
            onChange={(e) => setNome(e.target.value)}
            required
            error={missing(nome)}
            helperText={missing(nome) ? 'Informe o nome.' : undefined}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <TextField
            select
            label="Tipo do Gatilho"
            value={tipo}
            onChange={(e) => {
              setTipo(e.target.value as Kind);
              setIdStatus('');
            }}
          >
            {(Object.keys(TRIGGER_TYPE_LABELS) as Kind[]).map((k) => (
              <MenuItem key={k} value={k}>
                {TRIGGER_TYPE_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Status"
            value={idStatus}
            onChange={(e) => setIdStatus(Number(e.target.value))}
            required
            error={missing(idStatus)}
            helperText={missing(idStatus) ? 'Selecione o status.' : 'O gatilho dispara quando o lead entra neste status.'}
          >
            {statuses.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.nome}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Automação"
            value={idAutomacao}
            onChange={(e) => setIdAutomacao(Number(e.target.value))}
            required
            error={tried && !source}
            helperText={tried && !source ? 'Selecione a automação.' : 'Os passos que o gatilho executa.'}
          >
            {rules.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.nome}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          Cadastrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
