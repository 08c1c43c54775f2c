// 'Exportar CSV' of a column (002 §2.4, §7, §9): leads.csv with cli_crm_id, nome, telefone and
// dataCaptura, and, when chosen, the funnel stage, the campaign id and the campaign name.
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';

import type { PipelineFilter } from '@funil/domain/leads/filter-segments';
import { PIPELINE_MESSAGES, type PipelineFamily } from '@funil/domain/pipeline/pipeline';

import { downloadColumnCsv, type CsvChoice } from '../api/pipeline-api.ts';
import type { ColumnState } from '../pipeline-store.ts';

type Props = { column: ColumnState | null; family: PipelineFamily; filter: PipelineFilter; onClose: () => void };

export function CsvExportDialog({ column, family, filter, onClose }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const [choice, setChoice] = useState<CsvChoice>({ withFunnelStage: true, campaignId: false, campaignName: true });
  const [busy, setBusy] = useState(false);
  const toggle = (key: keyof CsvChoice) => setChoice((c) => ({ ...c, [key]: !c[key] }));
  const exportNow = async () => {
    if (!column) return;
    setBusy(true);
    try {
      await downloadColumnCsv(family, column.coluna, choice, filter);
      onClose();
    } catch {
      enqueueSnackbar(PIPELINE_MESSAGES.csvFailed, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={column !== null} onClose={onClose} aria-labelledby="exportar-csv-titulo">
      <DialogTitle id="exportar-csv-titulo">Exportar CSV — {column?.nome}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          O arquivo leads.csv traz id, nome, telefone e data de captação de {column?.total ?? 0} leads. Incluir também:
        </Typography>
        <FormGroup>
          <FormControlLabel
            control={<Checkbox checked={choice.withFunnelStage} onChange={() => toggle('withFunnelStage')} />}
            label="Etapa do funil"
          />
          <FormControlLabel
            control={<Checkbox checked={choice.campaignId} onChange={() => toggle('campaignId')} />}
            label="Id da campanha"
          />
          <FormControlLabel
            control={<Checkbox checked={choice.campaignName} onChange={() => toggle('campaignName')} />}
            label="Nome da campanha"
          />
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={() => void exportNow()} disabled={busy}>
          Exportar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
