// The gateway's webhooks Funil could not store (issue 21 item 2), under the instances for the
// company admin and the super-admin: when, which number, what it was, from whom and why, so that
// nothing a contact sent is lost without anyone knowing.
import { Alert, Box, CircularProgress, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatDateTime } from '@funil/domain/format/date';
import { jidToPhone } from '@funil/domain/phone/jid';
import { formatPhoneDisplay } from '@funil/domain/phone/phone';
import { rejectedWebhookEventLabel, type RejectedWebhook } from '@funil/domain/whatsapp-api/rejected-webhooks';
import { useRejectedWebhooks } from '../api/instances.ts';

function contactOf(row: RejectedWebhook): string {
  if (!row.contato) return '—';
  const phone = jidToPhone(row.contato);
  return phone && phone.length <= 13 ? formatPhoneDisplay(phone) : row.contato;
}

export function RejectedWebhooksPanel() {
  const rejected = useRejectedWebhooks(true);
  const rows = rejected.data ?? [];
  return (
    <Box component="section" aria-labelledby="rejeitados-titulo" sx={{ mt: 4 }}>
      <Typography id="rejeitados-titulo" variant="h3" component="h3" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
        Eventos do WhatsApp não gravados
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        O que o gateway entregou e o Funil não conseguiu gravar fica guardado aqui, com o motivo, em vez de se perder.
      </Typography>
      {rejected.isPending ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary' }} role="status">
          <CircularProgress size={20} aria-hidden />
          <Typography>Carregando...</Typography>
        </Stack>
      ) : rejected.isError ? (
        <Alert severity="error">{rejected.error.message}</Alert>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label="Eventos do WhatsApp não gravados">
              <TableHead>
                <TableRow>
                  <TableCell>Data</TableCell>
                  <TableCell>Instância</TableCell>
                  <TableCell>Evento</TableCell>
                  <TableCell>Contato</TableCell>
                  <TableCell>Motivo</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={5} sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
                      Nenhum evento deixou de ser gravado.
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((row) => (
                    <TableRow key={row.id} hover>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.criadoEm)}</TableCell>
                      <TableCell>
                        {row.instancia}
                        {row.unidade && (
                          <Typography variant="body2" color="text.secondary">
                            {row.unidade}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        {rejectedWebhookEventLabel(row.evento)}
                        {row.messageId && (
                          <Typography variant="body2" color="text.secondary" title={row.messageId} sx={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                            {row.messageId}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell sx={{ maxWidth: 220, overflowWrap: 'anywhere' }}>{contactOf(row)}</TableCell>
                      <TableCell>{row.motivo}</TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </Box>
  );
}
