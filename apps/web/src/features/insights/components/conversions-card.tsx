// The Conversions API card of /insights (issue 24 'Closing the loop with Meta'): the unit admin sets the
// dataset id and which statuses are sent to Meta as CRM events, and sees the last sends (Meta's answer
// or the reason of a failure).
import { Autocomplete, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';

import { formatDateTime } from '@funil/domain/format/date';
import type { MetaConversionsState } from '@funil/domain/meta-conversions/meta-conversions-api';

import { useConversionsSettings, useSaveConversionsSettings } from '../api/insights.ts';

type Option = { id: number; nome: string };
const SEND_LABEL = { pendente: 'Na fila', enviado: 'Enviado', falhou: 'Falhou' } as const;

function StatusPicker(props: { label: string; options: Option[]; value: number[]; onChange: (ids: number[]) => void }) {
  const chosen = props.options.filter((o) => props.value.includes(o.id));
  return (
    <Autocomplete
      multiple
      size="small"
      options={props.options}
      value={chosen}
      getOptionLabel={(o) => o.nome}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, v) => props.onChange(v.map((o) => o.id))}
      noOptionsText="Nenhum status"
      renderInput={(params) => <TextField {...params} label={props.label} />}
    />
  );
}

function Form({ state }: { state: MetaConversionsState }) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveConversionsSettings();
  const [datasetId, setDatasetId] = useState(state.datasetId ?? '');
  const [negociacao, setNegociacao] = useState(state.statusNegociacao);
  const [venda, setVenda] = useState(state.statusVenda);
  const submit = () =>
    save.mutate(
      { datasetId: datasetId.trim() === '' ? null : datasetId.trim(), statusNegociacao: negociacao, statusVenda: venda },
      {
        onSuccess: (r) => enqueueSnackbar(r.message, { variant: 'success' }),
        onError: (error: Error) => enqueueSnackbar(error.message, { variant: 'error' }),
      },
    );
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <TextField
        size="small"
        label="ID do conjunto de dados"
        helperText="O conjunto de dados (dataset) da Meta que recebe os eventos. Vazio: nada é enviado."
        value={datasetId}
        onChange={(e) => setDatasetId(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 32 } }}
      />
      <StatusPicker
        label="Status de negociação enviados"
        options={state.opcoes.negociacao}
        value={negociacao}
        onChange={setNegociacao}
      />
      <StatusPicker label="Status de venda enviados" options={state.opcoes.venda} value={venda} onChange={setVenda} />
      <Box>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Salvar
        </Button>
      </Box>
    </Stack>
  );
}

export function ConversionsCard() {
  const settings = useConversionsSettings();
  if (!settings.data) return null;
  const state = settings.data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 2 }} data-testid="conversions-card">
      <Typography variant="h6" component="h2">
        API de Conversões da Meta
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Cada mudança para um dos status escolhidos de um lead vindo de formulário da Meta é enviada à Meta como evento do CRM,
        para que as campanhas aprendam com os leads que compram.
      </Typography>
      <Form key={`${state.datasetId}|${state.statusNegociacao.join()}|${state.statusVenda.join()}`} state={state} />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
        Últimos envios
      </Typography>
      {state.envios.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nenhum evento enviado ainda.
        </Typography>
      ) : (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {state.envios.map((e) => (
            <Stack
              component="li"
              key={e.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <Chip
                size="small"
                label={SEND_LABEL[e.status]}
                color={e.status === 'enviado' ? 'success' : e.status === 'falhou' ? 'error' : 'default'}
              />
              <Typography variant="body2">
                {e.nomeEvento} · lead {e.cliCrmId} · {formatDateTime(e.momento)}
              </Typography>
              {e.erro && (
                <Typography variant="body2" color="error">
                  {e.erro}
                </Typography>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
