// /pipeline composed here (features stay apart, tools/eslint/boundaries.js): the pipeline's screen
// with the CRM's lead panel in its card dialog (002 §2.4: lead info and the ticket panel), and its
// column menu's 'Iniciar envio em massa' opening the mass-send composer with the column's leads.
import { useNavigate } from 'react-router';

import { canAccessRoute } from '@funil/domain/access/routes';
import type { PipelineFilter } from '@funil/domain/leads/filter-segments';
import type { PipelineFamily } from '@funil/domain/pipeline/pipeline';

import { LeadDetail } from '../features/leads/components/lead-detail.tsx';
import { PipelineScreen, type StartMassSend } from '../features/pipeline/components/pipeline-screen.tsx';
import { useAccessContext } from '../lib/access.ts';

/**
 * The composer's link for a column (002 §2.4): its status in the family shown, and the board's
 * filter fields that the mass-send search has (002 §7 envioemmassa/clientes segments).
 */
export function massSendLinkFor(coluna: number, family: PipelineFamily, filter: PipelineFilter): string {
  const params = new URLSearchParams();
  params.set(family === 'venda' ? 'status_venda' : 'status_negociacao', String(coluna));
  if (family === 'venda' && filter.cli_status_negociacao !== null)
    params.set('status_negociacao', String(filter.cli_status_negociacao));
  if (family !== 'venda' && filter.cli_status_negociacao_venda !== null)
    params.set('status_venda', String(filter.cli_status_negociacao_venda));
  if (filter.cli_contato_status !== null) params.set('status_contato', String(filter.cli_contato_status));
  if (filter.cli_tipo_lead !== null) params.set('tipo_lead', String(filter.cli_tipo_lead));
  if (filter.cli_campanha_nome) params.set('campanha', filter.cli_campanha_nome);
  if (filter.cli_tags.length > 0) params.set('tags', filter.cli_tags.join(','));
  if (filter.ids_atendentes.length > 0) params.set('atendentes', filter.ids_atendentes.join(','));
  return `/envio-em-massa-cadastro?${params.toString()}`;
}

export function PipelineRoute() {
  const navigate = useNavigate();
  const ctx = useAccessContext();
  const start: StartMassSend = (column, family, filter) => void navigate(massSendLinkFor(column.coluna, family, filter));
  return (
    <PipelineScreen
      LeadPanel={LeadDetail}
      onStartMassSend={canAccessRoute('/envio-em-massa-cadastro', ctx) ? start : undefined}
    />
  );
}
