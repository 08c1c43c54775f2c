// 'Visualizar Desempenho' (issue 25): per rule, the runs started, completed, stopped by a condition,
// failed, in progress, the median time to complete and the messages sent; the run log (each step,
// when, the result) and 'Tentar de novo a partir do passo' on a failed or stopped run.
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';

import {
  AUTOMATION_API_MESSAGES,
  RUN_STATUS_LABELS,
  stepResultLabel,
  type RuleView,
  type RunView,
} from '@funil/domain/automations/automations';
import { stepText } from '@funil/domain/automations/step-text';
import { formatDateTime } from '@funil/domain/format/date';

import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useAutomationPerformance, useRetryRun } from '../api/automations.ts';
import { AUTOMATION_PAGE_SIZE } from './trigger-labels.ts';

const STATUS_COLOR = { ativa: 'info', concluida: 'success', parada: 'warning', falhou: 'error' } as const;

function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${(seconds / 3600).toFixed(1).replace('.', ',')} h`;
  return `${(seconds / 86_400).toFixed(1).replace('.', ',')} dias`;
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: { xs: 96, sm: 120 }, flex: { xs: '1 1 96px', sm: '1 1 120px' } }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Paper>
  );
}

export function PerformanceDialog({ rule, onClose }: { rule: RuleView; onClose: () => void }) {
  const perf = useAutomationPerformance(rule.id);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState<RunView | null>(null);
  const f = perf.data?.figuras;
  const passo = (r: RunView) => `${Math.min(r.passo + 1, rule.passos.length)} de ${rule.passos.length}`;
  const situacao = (r: RunView) => <Chip size="small" color={STATUS_COLOR[r.status]} label={RUN_STATUS_LABELS[r.status]} />;
  // On a phone (390 px) two columns fit the dialog without scrolling sideways: the lead with its start,
  // the situation with its step; the error reads in the run's log below the table.
  const columns: DataColumn<RunView>[] = phone
    ? [
        {
          header: 'Lead',
          id: 'lead',
          value: (r) => r.nomeLead ?? `#${r.cliCrmId}`,
          render: (r) => (
            <>
              {r.nomeLead ?? `#${r.cliCrmId}`}
              <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                Início {formatDateTime(r.criadoEm)}
              </Typography>
            </>
          ),
          rowHeader: true,
          sx: { overflowWrap: 'anywhere' },
        },
        {
          header: 'Situação',
          id: 'status',
          value: (r) => RUN_STATUS_LABELS[r.status],
          render: (r) => (
            <>
              {situacao(r)}
              <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block', mt: 0.25 }}>
                Passo {passo(r)}
              </Typography>
            </>
          ),
        },
      ]
    : [
        { header: 'Lead', id: 'lead', value: (r) => r.nomeLead ?? `#${r.cliCrmId}`, rowHeader: true, minWidth: 140 },
        { header: 'Situação', id: 'status', value: (r) => RUN_STATUS_LABELS[r.status], render: situacao },
        { header: 'Passo', id: 'passo', value: passo },
        { header: 'Início', id: 'criadoEm', value: (r) => formatDateTime(r.criadoEm), nowrap: true },
        // A failed run's error or a stopped run's reason ('Parada: o lead não respondeu no prazo').
        { header: 'Motivo', id: 'erro', value: (r) => r.erro ?? '', minWidth: 160 },
      ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle>Desempenho: {rule.nome}</DialogTitle>
      <DialogContent>
        {perf.isPending && <LinearProgress aria-label="Carregando desempenho" />}
        {perf.isError && <Alert severity="error">{perf.error.message}</Alert>}
        {f && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }} aria-label="Números da automação">
            <Figure label="Iniciadas" value={f.iniciadas} />
            <Figure label="Concluídas" value={f.concluidas} />
            <Figure label="Em andamento" value={f.emAndamento} />
            {/* Every stopped run (a condition, no answer, a disabled rule, an attendant who took over). */}
            <Figure label="Paradas" value={f.paradas} />
            <Figure label="Paradas por condição" value={f.paradasPorCondicao} />
            <Figure label="Pausadas por atendente" value={f.pausadasPorAtendente} />
            <Figure label="Falharam" value={f.falhas} />
            <Figure label="Tempo mediano" value={duration(f.medianaSegundos)} />
            <Figure label="Mensagens enviadas" value={f.mensagensEnviadas} />
            {/* Runs that sent a message and whose lead wrote back (within 7 days of the run's start). */}
            <Figure label="Leads que responderam" value={f.respondidas} />
          </Stack>
        )}
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          Execuções
        </Typography>
        <DataTable
          label="Execuções da automação"
          columns={columns}
          rows={perf.data?.execucoes ?? []}
          rowKey={(r) => r.id}
          loading={perf.isPending}
          paging={{ pageSize: AUTOMATION_PAGE_SIZE }}
          onRowClick={setOpen}
          dense={phone}
          rowProps={(r) => ({ 'data-execucao': r.id })}
        />
        {open && <RunLog rule={rule} run={perf.data?.execucoes.find((r) => r.id === open.id) ?? open} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}

function RunLog({ rule, run }: { rule: RuleView; run: RunView }) {
  const unit = useLoadedUnitData();
  const retry = useRetryRun();
  const { enqueueSnackbar } = useSnackbar();
  const [passo, setPasso] = useState(Math.min(run.passo + 1, rule.passos.length));
  const canRetry = run.status === 'falhou' || run.status === 'parada';
  return (
    <Box sx={{ mt: 2 }} aria-label={`Registro da execução de ${run.nomeLead ?? run.cliCrmId}`} role="region">
      <Typography variant="subtitle2">Registro: {run.nomeLead ?? `#${run.cliCrmId}`}</Typography>
      <Stack component="ol" spacing={0.5} sx={{ pl: 3 }}>
        {run.passos.map((s, i) => (
          <li key={i}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {formatDateTime(s.em)} — {rule.passos[s.passo] ? stepText(unit, rule.passos[s.passo]!) : s.descricao}:{' '}
              <strong>{stepResultLabel(s.resultado)}</strong>
              {s.detalhe ? ` (${s.detalhe})` : ''}
            </Typography>
          </li>
        ))}
      </Stack>
      {run.erro && run.status !== 'concluida' && (
        <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
          {run.erro}
        </Typography>
      )}
      {canRetry && (
        <Stack direction="row" sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <TextField select size="small" label="Passo" value={passo} onChange={(e) => setPasso(Number(e.target.value))}>
            {rule.passos.map((_, i) => (
              <MenuItem key={i} value={i + 1}>
                {i + 1}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={retry.isPending}
            onClick={() =>
              retry.mutateAsync({ idRule: rule.id, idRun: run.id, passo }).then(
                () => enqueueSnackbar(AUTOMATION_API_MESSAGES.retried, { variant: 'success' }),
                (cause: unknown) =>
                  enqueueSnackbar(cause instanceof ApiError ? cause.message : 'Erro ao retomar.', { variant: 'error' }),
              )
            }
          >
            Tentar de novo a partir do passo
          </Button>
        </Stack>
      )}
    </Box>
  );
}
