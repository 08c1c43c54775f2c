// The gateway's webhooks Funil could not store (issue 21 item 2), under the instances for the
// company admin and the super-admin: when, which number, what it was, from whom and why, so that
// nothing a contact sent is lost without anyone knowing.
import { Alert, Box, Paper, Typography } from '@mui/material';

import { formatDateTime } from '@funil/domain/format/date';
import { jidToPhone } from '@funil/domain/phone/jid';
import { formatPhoneDisplay } from '@funil/domain/phone/phone';
import { rejectedWebhookEventLabel, type RejectedWebhook } from '@funil/domain/whatsapp-api/rejected-webhooks';

import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { useRejectedWebhooks } from '../api/instances.ts';

function contactOf(row: RejectedWebhook): string {
  if (!row.contato) return '—';
  const phone = jidToPhone(row.contato);
  return phone && phone.length <= 13 ? formatPhoneDisplay(phone) : row.contato;
}

const COLUMNS: DataColumn<RejectedWebhook>[] = [
  { header: 'Data', value: (row) => formatDateTime(row.criadoEm), nowrap: true },
  {
    header: 'Instância',
    value: (row) => row.instancia,
    render: (row) => (
      <>
        {row.instancia}
        {row.unidade && (
          <Typography variant="body2" color="text.secondary">
            {row.unidade}
          </Typography>
        )}
      </>
    ),
  },
  {
    header: 'Evento',
    value: (row) => rejectedWebhookEventLabel(row.evento),
    render: (row) => (
      <>
        {rejectedWebhookEventLabel(row.evento)}
        {row.messageId && (
          <Typography
            variant="body2"
            color="text.secondary"
            title={row.messageId}
            sx={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {row.messageId}
          </Typography>
        )}
      </>
    ),
  },
  { header: 'Contato', value: contactOf, sx: { maxWidth: 220, overflowWrap: 'anywhere' } },
  { header: 'Motivo', value: (row) => row.motivo },
];

export function RejectedWebhooksPanel() {
  const rejected = useRejectedWebhooks(true);
  return (
    <Box component="section" aria-labelledby="rejeitados-titulo" sx={{ mt: 4 }}>
      <Typography id="rejeitados-titulo" variant="h3" component="h3" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
        Eventos do WhatsApp não gravados
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        O que o gateway entregou e o Funil não conseguiu gravar fica guardado aqui, com o motivo, em vez de se perder.
      </Typography>
      {rejected.isError ? (
        <Alert severity="error">{rejected.error.message}</Alert>
      ) : (
        <Paper variant="outlined">
          <DataTable
            label="Eventos do WhatsApp não gravados"
            columns={COLUMNS}
            rows={rejected.data ?? []}
            rowKey={(row) => row.id}
            loading={rejected.isPending}
            emptyText="Nenhum evento deixou de ser gravado."
          />
        </Paper>
      )}
    </Box>
  );
}
