// The table view (002 §2.4, titled Kanban): Nome, Telefone (000 §9's one display rule, as everywhere), Status da negociação,
// Anúncio, Atendente responsável, Ticket (BRL), Data de captação, Data última alteração; 20 per page
// from the server (kanban/tabela/{page}/{filters}).
import { Alert, Box, Paper, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PipelineFilter } from '@funil/domain/leads/filter-segments';
import { PIPELINE_MESSAGES, PIPELINE_TABLE_PAGE_SIZE } from '@funil/domain/pipeline/pipeline';
import { formatPhoneDisplay } from '@funil/domain/phone/phone';
import { formatBRL } from '@funil/domain/format/currency';
import { formatDateTime } from '@funil/domain/format/date';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { fetchTable } from '../api/pipeline-api.ts';

type Props = { filter: PipelineFilter; page: number; showAttendant: boolean; onPage: (page: number) => void; onOpen: (id: number) => void };

// Long names and ads stay on one line (the full text in the tooltip), so every row has one height.
const clip = { maxWidth: 220, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

const HEAD = ['Nome', 'Telefone', 'Status da negociação', 'Anúncio', 'Atendente responsável', 'Ticket', 'Data de captação', 'Data última alteração'];

export function PipelineTable({ filter, page, showAttendant, onPage, onOpen }: Props) {
  const unit = useLoadedUnitData();
  const query = useQuery({ queryKey: ['pipeline', 'tabela', filter, page], queryFn: ({ signal }) => fetchTable(page, filter, signal), placeholderData: keepPreviousData });
  const statusOf = (id: number) => unit.statusNegociacao.find((s) => s.idFunil === id);
  const rows = query.data?.status_negociacao ?? [];
  return (
    <Paper sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
        Kanban
      </Typography>
      {query.isError ? <Alert severity="error" sx={{ m: 2 }}>{query.error.message}</Alert> : null}
      <TableContainer sx={{ flex: 1, minHeight: 0 }}>
        <Table stickyHeader size="small" aria-label="Leads do pipeline">
          <TableHead>
            <TableRow>
              {HEAD.map((h) => (
                <TableCell key={h} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} align={h === 'Ticket' ? 'right' : 'left'}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {query.isPending
              ? Array.from({ length: 8 }, (_, i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={HEAD.length}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))
              : null}
            {!query.isPending && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={HEAD.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {PIPELINE_MESSAGES.emptyTable}
                </TableCell>
              </TableRow>
            ) : null}
            {rows.map((lead) => {
              const status = statusOf(lead.cli_status_negociacao);
              return (
                <TableRow key={lead.cli_crm_id} hover onClick={() => onOpen(lead.cli_crm_id)} sx={{ cursor: 'pointer' }} data-testid="pipeline-linha">
                  <TableCell sx={{ fontWeight: 600, ...clip }} title={lead.cli_nome}>
                    {lead.cli_nome}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPhoneDisplay(lead.cli_telefone)}</TableCell>
                  <TableCell>
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                      <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: status?.cor ?? 'grey.400' }} />
                      {status?.nome ?? '—'}
                    </Box>
                  </TableCell>
                  <TableCell sx={clip} title={lead.ad_name ?? lead.cli_campanha_nome ?? undefined}>
                    {lead.ad_name ?? lead.cli_campanha_nome ?? '—'}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{showAttendant ? (lead.nome_atendimento ?? 'Não atendido') : lead.nome_atendimento ? '' : 'Não atendido'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatBRL(lead.valor_ticket)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(lead.cli_data_captacao)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(lead.dataAtualizacao)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={query.data?.total_clientes ?? 0}
        page={Math.max(0, page - 1)}
        rowsPerPage={PIPELINE_TABLE_PAGE_SIZE}
        rowsPerPageOptions={[PIPELINE_TABLE_PAGE_SIZE]}
        onPageChange={(_, p) => onPage(p + 1)}
        labelRowsPerPage="Linhas por página"
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count.toLocaleString('pt-BR')}`}
        getItemAriaLabel={(type) => (type === 'next' ? 'Próxima página' : type === 'previous' ? 'Página anterior' : type === 'first' ? 'Primeira página' : 'Última página')}
      />
    </Paper>
  );
}
