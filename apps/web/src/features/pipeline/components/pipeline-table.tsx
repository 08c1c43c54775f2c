// The table view (002 §2.4, titled Kanban): Nome, Telefone (000 §9's one display rule, as everywhere), Status da negociação,
// Anúncio, Atendente responsável, Ticket (BRL), Data de captação, Data última alteração; 20 per page
// from the server (kanban/tabela/{page}/{filters}).
import { Alert, Box, Paper, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { formatBRL } from '@funil/domain/format/currency';
import { formatDateTime } from '@funil/domain/format/date';
import type { PipelineFilter } from '@funil/domain/leads/filter-segments';
import { formatPhoneDisplay } from '@funil/domain/phone/phone';
import { PIPELINE_MESSAGES, PIPELINE_TABLE_PAGE_SIZE } from '@funil/domain/pipeline/pipeline';
import type { KanbanTableResponse } from '@funil/domain/pipeline/pipeline-api';

import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { fetchTable } from '../api/pipeline-api.ts';

type Props = {
  filter: PipelineFilter;
  page: number;
  showAttendant: boolean;
  onPage: (page: number) => void;
  onOpen: (id: number) => void;
};

// Long names and ads stay on one line (the full text in the tooltip), so every row has one height.
const clip = { maxWidth: 220, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

type Row = KanbanTableResponse['data']['status_negociacao'][number];

export function PipelineTable({ filter, page, showAttendant, onPage, onOpen }: Props) {
  const unit = useLoadedUnitData();
  const query = useQuery({
    queryKey: ['pipeline', 'tabela', filter, page],
    queryFn: ({ signal }) => fetchTable(page, filter, signal),
    placeholderData: keepPreviousData,
  });
  const statusOf = (id: number) => unit.statusNegociacao.find((s) => s.idFunil === id);
  const attendant = (lead: Row) =>
    showAttendant ? (lead.nome_atendimento ?? 'Não atendido') : lead.nome_atendimento ? '' : 'Não atendido';
  const ad = (lead: Row) => lead.ad_name ?? lead.cli_campanha_nome ?? undefined;
  const columns: DataColumn<Row>[] = [
    { header: 'Nome', value: (lead) => lead.cli_nome, title: (lead) => lead.cli_nome, sx: { fontWeight: 600, ...clip } },
    { header: 'Telefone', value: (lead) => formatPhoneDisplay(lead.cli_telefone), nowrap: true },
    {
      header: 'Status da negociação',
      value: (lead) => statusOf(lead.cli_status_negociacao)?.nome ?? '—',
      render: (lead) => {
        const status = statusOf(lead.cli_status_negociacao);
        return (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
            <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: status?.cor ?? 'grey.400' }} />
            {status?.nome ?? '—'}
          </Box>
        );
      },
    },
    { header: 'Anúncio', value: (lead) => ad(lead) ?? '—', title: ad, sx: clip },
    { header: 'Atendente responsável', value: attendant, nowrap: true },
    { header: 'Ticket', value: (lead) => formatBRL(lead.valor_ticket), align: 'right' },
    { header: 'Data de captação', value: (lead) => formatDateTime(lead.cli_data_captacao), nowrap: true },
    { header: 'Data última alteração', value: (lead) => formatDateTime(lead.dataAtualizacao), nowrap: true },
  ];
  return (
    <Paper sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
        Kanban
      </Typography>
      {query.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {query.error.message}
        </Alert>
      ) : null}
      <DataTable
        label="Leads do pipeline"
        stickyHeader
        columns={columns}
        rows={query.data?.status_negociacao ?? []}
        rowKey={(lead) => lead.cli_crm_id}
        emptyText={PIPELINE_MESSAGES.emptyTable}
        loading={query.isFetching}
        onRowClick={(lead) => onOpen(lead.cli_crm_id)}
        rowProps={() => ({ 'data-testid': 'pipeline-linha' })}
        paging={{
          pageSize: PIPELINE_TABLE_PAGE_SIZE,
          page: Math.max(0, page - 1),
          count: query.data?.total_clientes ?? 0,
          onPageChange: (next) => onPage(next + 1),
        }}
        sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      />
    </Paper>
  );
}
