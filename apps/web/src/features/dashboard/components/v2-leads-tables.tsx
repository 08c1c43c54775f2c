// 000 §2 dashboard v2 tabs 'Tabela leads captados' and 'Tabela leads atendidos': 5 rows a page, the
// only option; the server sends 25 rows a page of dashboard/atendimento-leads and the next page is
// asked for when the table's page index plus 2 is divisible by 5; the empty texts of 000 §8.
import { Box, Card, Tab, Tabs } from '@mui/material';
import { useState } from 'react';

import {
  EMPTY_TABLE_TEXTS,
  type AttendedLeadRow,
  type CapturedLeadRow,
  type DashboardV2Filter,
} from '@funil/domain/dashboard/dashboard-api';
import { formatDateTime } from '@funil/domain/format/date';
import { formatPhoneDisplay } from '@funil/domain/phone/phone';

import { useLeadsPages } from '../api/dashboard-api.ts';
import { formatBRL } from '../lib/dashboard-format.ts';
import { PagedTable, type TableColumn } from './paged-table.tsx';

const CAPTURED_COLUMNS: TableColumn<CapturedLeadRow>[] = [
  { header: 'Data de captação', value: (r) => formatDateTime(r.data_captacao) },
  { header: 'Nome', value: (r) => r.cli_nome },
  { header: 'Anúncio', value: (r) => r.anuncio ?? '' },
  { header: 'Telefone', value: (r) => formatPhoneDisplay(r.cli_telefone) },
  { header: 'Negociação', value: (r) => r.negociacao },
  { header: 'Valor do ticket', value: (r) => formatBRL(r.valor_ticket), align: 'right' },
];

const ATTENDED_COLUMNS: TableColumn<AttendedLeadRow>[] = [
  { header: 'Data de atendimento', value: (r) => formatDateTime(r.data_atendimento) },
  { header: 'Nome', value: (r) => r.cli_nome },
  { header: 'Anúncio', value: (r) => r.anuncio ?? '' },
  { header: 'Telefone', value: (r) => formatPhoneDisplay(r.cli_telefone) },
  { header: 'Tipo', value: (r) => r.tipo },
  { header: 'Negociação', value: (r) => r.negociacao },
  { header: 'Valor do ticket', value: (r) => formatBRL(r.valor_ticket), align: 'right' },
];

type Tables = { filter: DashboardV2Filter };

export function LeadsTables({ filter }: Tables) {
  const [tab, setTab] = useState(0);
  const [pages, setPages] = useState({ filter, captacao: 1, atendimento: 1 });
  if (pages.filter !== filter) setPages({ filter, captacao: 1, atendimento: 1 });
  const results = useLeadsPages(filter, pages.captacao, pages.atendimento);
  // Rows only up to the first page still on its way, so a table never shows a gap.
  const loaded = (count: number) => {
    const out = [];
    for (const result of results.slice(0, count)) {
      if (!result.data) break;
      out.push(result.data);
    }
    return out;
  };
  const captured = loaded(pages.captacao).flatMap((d) => d.tabela_leads_captados);
  const attended = loaded(pages.atendimento).flatMap((d) => d.tabela_leads_antendidos);
  const first = results[0]?.data;
  const loading = results.some((r) => r.isFetching);
  return (
    <Card sx={{ mt: 3 }}>
      <Tabs
        value={tab}
        onChange={(_event, next: number) => setTab(next)}
        aria-label="Tabelas de leads"
        sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}
      >
        <Tab label="Tabela leads captados" id="tab-captados" aria-controls="painel-captados" />
        <Tab label="Tabela leads atendidos" id="tab-atendidos" aria-controls="painel-atendidos" />
      </Tabs>
      <Box
        sx={{ p: 2 }}
        role="tabpanel"
        id={tab === 0 ? 'painel-captados' : 'painel-atendidos'}
        aria-labelledby={tab === 0 ? 'tab-captados' : 'tab-atendidos'}
      >
        {tab === 0 ? (
          <PagedTable
            key="captados"
            resetKey={JSON.stringify(filter)}
            title="Leads captados"
            columns={CAPTURED_COLUMNS}
            rows={captured}
            rowKey={(r) => r.cli_crm_id}
            emptyText={EMPTY_TABLE_TEXTS.captados}
            loading={loading}
            total={first?.total_captados}
            onNeedPage={(page) => setPages((p) => ({ ...p, captacao: Math.max(p.captacao, page) }))}
          />
        ) : (
          <PagedTable
            key="atendidos"
            resetKey={JSON.stringify(filter)}
            title="Leads atendidos"
            columns={ATTENDED_COLUMNS}
            rows={attended}
            rowKey={(r) => r.cli_crm_id}
            emptyText={EMPTY_TABLE_TEXTS.atendidos}
            loading={loading}
            total={first?.total_atendidos}
            onNeedPage={(page) => setPages((p) => ({ ...p, atendimento: Math.max(p.atendimento, page) }))}
          />
        )}
      </Box>
    </Card>
  );
}
