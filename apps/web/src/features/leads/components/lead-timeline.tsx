// The lead's history (000 §2 §4): the note box 'Adicionar anotação' (2 rows, 001 §9) and one
// timeline row per event, newest first; notes can be removed, and the ticket value edited where
// canEditTicketFromTimeline allows.
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useMemo, useState } from 'react';

import { formatBRL, parseBRL } from '@funil/domain/format/currency';
import { NOTE_MAX, type HistoryItem } from '@funil/domain/leads-api/lead-api';
import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import {
  canEditTicketFromTimeline,
  describeTimelineEvent,
  TIMELINE_EVENT_TYPE,
  type TimelineLookups,
} from '@funil/domain/leads/timeline';

import { ApiError } from '../../../lib/api-error.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useLeadHistory } from '../api/get-lead-history.ts';
import { leadActions } from '../api/lead-actions.ts';
import { leadKeys } from '../api/lead-keys.ts';
import { useUnitTags } from '../api/tags.ts';
import { LEAD_ACTION_ERROR, useLeadChange } from '../api/use-lead-change.ts';
import { LeadAutomationRuns } from './lead-automation-runs.tsx';
import { TicketInput } from './ticket-input.tsx';
import { TimelineRow } from './timeline-row.tsx';

type LeadTimelineProps = {
  leadId: number;
  companyId: number;
  potentials: readonly { id: number; nome: string }[];
  /** Only the history: no note box, no removal, no ticket edit (a manager, issue 21 item 6). */
  readOnly?: boolean;
};

function NoteBox({ leadId }: { leadId: number }) {
  const [text, setText] = useState('');
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const add = useMutation({
    mutationFn: (texto: string) => leadActions.addNote(leadId, texto),
    onSuccess: () => {
      setText('');
      enqueueSnackbar(LEAD_API_MESSAGES.noteAdded, { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: leadKeys.history(leadId) });
    },
    onError: (cause) =>
      enqueueSnackbar(cause instanceof ApiError && cause.status > 0 && cause.status < 500 ? cause.message : LEAD_ACTION_ERROR, {
        variant: 'error',
      }),
  });
  const save = () => {
    if (text.trim() !== '' && !add.isPending) add.mutate(text.trim());
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label="Adicionar anotação"
        multiline
        minRows={2}
        maxRows={2}
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            save();
          }
        }}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
      />
      <Button variant="contained" onClick={save} disabled={text.trim() === '' || add.isPending} sx={{ mt: 0.25 }}>
        Salvar
      </Button>
    </Stack>
  );
}

function TicketEditDialog({ leadId, event, onClose }: { leadId: number; event: HistoryItem; onClose: () => void }) {
  const [value, setValue] = useState(event.valor_novo === null ? '' : formatBRL(Number(event.valor_novo)));
  const save = useLeadChange(leadId, {
    request: (masked: string) => leadActions.setTicket(leadId, masked, event.id),
    success: LEAD_API_MESSAGES.ticketUpdated,
    onDone: onClose,
  });
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="editar-ticket-titulo">
      <DialogTitle id="editar-ticket-titulo">Editar valor do ticket</DialogTitle>
      <DialogContent>
        <TicketInput value={value} onChange={setValue} autoFocus sx={{ mt: 1 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" disabled={parseBRL(value) === null || save.isPending} onClick={() => save.mutate(value)}>
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function LeadTimeline({ leadId, companyId, potentials, readOnly = false }: LeadTimelineProps) {
  const unit = useLoadedUnitData();
  const tags = useUnitTags();
  const history = useLeadHistory(leadId);
  const [editingId, setEditingId] = useState<number | null>(null);
  const remove = useLeadChange(leadId, {
    request: (itemId: number) => leadActions.removeNote(itemId),
    success: LEAD_API_MESSAGES.noteRemoved,
  });
  const removeNote = remove.mutate;
  const onRemove = useCallback((eventId: number) => removeNote(eventId), [removeNote]);

  const lookups = useMemo<TimelineLookups>(
    () => ({
      negotiationStatuses: unit.crm_contato_negociacao_status,
      saleStatuses: unit.crm_contato_negociacao_status_venda,
      users: unit.usuarios,
      tags: tags.data ?? unit.tags,
      potentials,
    }),
    [unit, tags.data, potentials],
  );
  const editing = history.data?.find((event) => event.id === editingId) ?? null;
  const rows = useMemo(
    () =>
      (history.data ?? []).map((event) => ({
        event,
        row: describeTimelineEvent(event, lookups),
        removable:
          !readOnly && event.tipo === TIMELINE_EVENT_TYPE.mensagem && !(event.texto ?? '').startsWith('Anotação removida'),
        ticket: !readOnly && canEditTicketFromTimeline(companyId, event),
      })),
    [history.data, lookups, companyId, readOnly],
  );

  return (
    <Stack spacing={1.5} component="section" aria-label="Histórico">
      {!readOnly && <NoteBox leadId={leadId} />}
      <LeadAutomationRuns leadId={leadId} />
      {history.isPending && (
        <Stack spacing={1}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={44} />
          ))}
        </Stack>
      )}
      {history.isError && <Alert severity="error">{history.error.message}</Alert>}
      {history.isSuccess && rows.length === 0 && <Typography color="text.secondary">Nenhum registro para exibir</Typography>}
      {rows.length > 0 && (
        <Box
          component="ol"
          aria-label="Linha do tempo"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            position: 'relative',
            '&::before': { content: '""', position: 'absolute', left: 15, top: 16, bottom: 16, width: 2, bgcolor: 'divider' },
          }}
        >
          {rows.map(({ event, row, removable, ticket }) => (
            <TimelineRow
              key={event.id}
              eventId={event.id}
              row={row}
              onRemove={removable ? onRemove : undefined}
              onEditTicket={ticket ? setEditingId : undefined}
              recordingUrl={event.url_gravacao}
            />
          ))}
        </Box>
      )}
      {editing && <TicketEditDialog leadId={leadId} event={editing} onClose={() => setEditingId(null)} />}
    </Stack>
  );
}
