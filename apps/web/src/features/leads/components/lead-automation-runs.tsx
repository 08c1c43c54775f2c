// The lead's automation runs in its history (issue 25 'Visualizar Desempenho': "the run log of a lead
// in the lead's timeline"): per run the automation's name, its status and start, then each step with
// when, what and its result. Nothing when the lead never ran an automation.
import SmartToy from '@mui/icons-material/SmartToy';
import { Alert, Box, Chip, Stack, Typography } from '@mui/material';

import { RUN_STATUS_LABELS, stepResultLabel, type RunStatus } from '@funil/domain/automations/automations';
import { formatDateTime } from '@funil/domain/format/date';

import { useLeadAutomationRuns } from '../api/get-lead-automation-runs.ts';

const STATUS_COLOR: Record<RunStatus, 'info' | 'success' | 'warning' | 'error'> = {
  ativa: 'info',
  concluida: 'success',
  parada: 'warning',
  falhou: 'error',
};

export function LeadAutomationRuns({ leadId }: { leadId: number }) {
  const runs = useLeadAutomationRuns(leadId);
  if (runs.isError) return <Alert severity="error">{runs.error.message}</Alert>;
  if (!runs.data || runs.data.length === 0) return null;
  return (
    <Stack
      component="section"
      aria-label="Automações do lead"
      spacing={1}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <SmartToy fontSize="small" sx={{ color: '#4338ca' }} aria-hidden />
        <Typography variant="subtitle2">Automações</Typography>
      </Stack>
      {runs.data.map((run) => (
        <Box key={run.id} role="region" aria-label={`Execução de ${run.automacao.nome}`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {run.automacao.nome}
            </Typography>
            <Chip size="small" color={STATUS_COLOR[run.status]} label={RUN_STATUS_LABELS[run.status]} />
            <Typography variant="caption" color="text.secondary">
              Início {formatDateTime(run.criadoEm)}
            </Typography>
          </Stack>
          <Stack component="ol" spacing={0.25} sx={{ pl: 3, my: 0.5 }}>
            {run.passos.map((s, i) => (
              <li key={i}>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {formatDateTime(s.em)} — {s.descricao}: <strong>{stepResultLabel(s.resultado)}</strong>
                  {s.detalhe ? ` (${s.detalhe})` : ''}
                </Typography>
              </li>
            ))}
          </Stack>
          {run.erro && run.status !== 'concluida' && (
            <Typography variant="caption" color="error">
              {run.erro}
            </Typography>
          )}
        </Box>
      ))}
    </Stack>
  );
}
