// Scheduling (001 §5): a call ('cli_contato_agendado', not in the past) and a WhatsApp message
// (DD/MM/YYYY HH:mm, not in the past, up to 8 rows), with the scheduled one shown and clearable.
import { Alert, Box, Button, Grid, Stack, TextField, Typography } from '@mui/material';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';

import { checkScheduleDateTime, formatDateTime } from '@funil/domain/format/date';
import { SCHEDULED_MESSAGE_MAX, type CrmContato } from '@funil/domain/leads-api/lead-api';
import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';

import { leadActions } from '../api/lead-actions.ts';
import { useLeadChange } from '../api/use-lead-change.ts';

const FORMAT = 'DD/MM/YYYY HH:mm';

/** The picker's value as 'DD/MM/YYYY HH:mm', checked by the domain rule; null while empty. */
function check(value: Dayjs | null) {
  return value?.isValid() ? checkScheduleDateTime(value.format(FORMAT), new Date()) : null;
}

function WhenPicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: Dayjs | null;
  onChange: (value: Dayjs | null) => void;
  error: string | null;
}) {
  return (
    <DateTimePicker
      label={label}
      format={FORMAT}
      ampm={false}
      disablePast
      value={value}
      onChange={onChange}
      slotProps={{ textField: { size: 'small', fullWidth: true, error: error !== null, helperText: error ?? undefined } }}
    />
  );
}

/** Issue 9: the scheduled message's sending — waiting, retrying after a failed attempt, or failed for good. */
function scheduledSeverity(lead: CrmContato): 'info' | 'warning' | 'error' {
  if (lead.cli_mensagem_agendada_status === 'falhou') return 'error';
  return lead.cli_mensagem_agendada_erro ? 'warning' : 'info';
}

function ScheduledState({ lead }: { lead: CrmContato }) {
  const attempts = lead.cli_mensagem_agendada_tentativas ?? 0;
  if (lead.cli_mensagem_agendada_status === 'falhou') {
    return (
      <Box component="span" sx={{ display: 'block', mt: 0.5 }} role="status">
        <Box component="span" sx={{ fontWeight: 600 }}>
          Falha no envio
        </Box>
        {` após ${attempts} ${attempts === 1 ? 'tentativa' : 'tentativas'}: ${lead.cli_mensagem_agendada_erro ?? 'erro desconhecido'}`}
      </Box>
    );
  }
  if (lead.cli_mensagem_agendada_erro) {
    return (
      <Box component="span" sx={{ display: 'block', mt: 0.5 }} role="status">
        {`Não enviada (${lead.cli_mensagem_agendada_erro}); nova tentativa em breve.`}
      </Box>
    );
  }
  return null;
}

export function SchedulePanel({ lead }: { lead: CrmContato }) {
  const id = lead.cli_crm_id;
  const [callAt, setCallAt] = useState<Dayjs | null>(null);
  const [messageAt, setMessageAt] = useState<Dayjs | null>(null);
  const [message, setMessage] = useState('');
  const callCheck = check(callAt);
  const messageCheck = check(messageAt);

  const scheduleCall = useLeadChange(id, {
    request: (when: string) => leadActions.scheduleCall(id, when),
    success: LEAD_API_MESSAGES.callScheduled,
    onDone: () => setCallAt(null),
  });
  const scheduleMessage = useLeadChange(id, {
    request: ({ text, when }: { text: string; when: string }) => leadActions.scheduleMessage(id, text, when),
    success: LEAD_API_MESSAGES.messageScheduled,
    onDone: () => {
      setMessage('');
      setMessageAt(null);
    },
  });
  const clearMessage = useLeadChange(id, {
    request: () => leadActions.clearScheduledMessage(id),
    success: LEAD_API_MESSAGES.scheduledMessageCleared,
  });

  return (
    <Grid container spacing={2} component="section" aria-label="Agendamentos">
      <Grid size={{ xs: 12, md: 6 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Agendar ligação
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <WhenPicker
            label="Data e hora da ligação"
            value={callAt}
            onChange={setCallAt}
            error={callCheck && !callCheck.ok ? callCheck.message : null}
          />
          <Button
            variant="outlined"
            sx={{ mt: 0.25, flexShrink: 0 }}
            disabled={!callCheck?.ok || scheduleCall.isPending}
            onClick={() => callCheck?.ok && scheduleCall.mutate(callCheck.payload)}
          >
            Agendar
          </Button>
        </Stack>
        {lead.cli_contato_agendado && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Ligação agendada para {formatDateTime(lead.cli_contato_agendado)}
          </Typography>
        )}
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Agendar mensagem de WhatsApp
        </Typography>
        {lead.cli_mensagem_agendada && (
          <Alert
            severity={scheduledSeverity(lead)}
            icon={false}
            sx={{ mb: 1, py: 0 }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => clearMessage.mutate(undefined)}
                disabled={clearMessage.isPending}
              >
                Limpar
              </Button>
            }
          >
            <Box component="span" sx={{ fontWeight: 600 }}>
              {formatDateTime(lead.cli_data_mensagem_agendada)}
            </Box>
            : {lead.cli_mensagem_agendada}
            <ScheduledState lead={lead} />
          </Alert>
        )}
        <Stack spacing={1}>
          <TextField
            size="small"
            label="Mensagem agendada"
            multiline
            minRows={2}
            maxRows={8}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            slotProps={{ htmlInput: { maxLength: SCHEDULED_MESSAGE_MAX } }}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <WhenPicker
              label="Data e hora do envio"
              value={messageAt}
              onChange={setMessageAt}
              error={messageCheck && !messageCheck.ok ? messageCheck.message : null}
            />
            <Button
              variant="outlined"
              sx={{ mt: 0.25, flexShrink: 0 }}
              disabled={!messageCheck?.ok || message.trim() === '' || scheduleMessage.isPending}
              onClick={() => messageCheck?.ok && scheduleMessage.mutate({ text: message.trim(), when: messageCheck.payload })}
            >
              Agendar
            </Button>
          </Stack>
        </Stack>
      </Grid>
    </Grid>
  );
}
