// /campanhas, 'Gerenciar Campanhas' (002 §2.10, §3 'Campaign cost (admin)', §5 'Campaign cost dialog', §7
// 'Admin'; 000 §6: admin, manager, multi-manager, each within its units): the table of costs with refresh
// and add, and the 'Cadastrar Campanha' / 'Editar Campanha' dialog (nome, campaign_id, publico, idTipoLead,
// idUnidade, the cost in R$ and its month) with its loading bar. custo is required ('Obrigatório'); a select
// left on -1 gives 'Campos obrigatórios não preenchidos'. One row per unit, campaign and month (issue 23 §6):
// Meta's daily spend summed, or the typed cost that wins over it; 'Editar Campanha' on a Meta month types
// that month's cost (Meta's rows stay) and shows Meta's spend per ad of the month in the dialog.
import Edit from '@mui/icons-material/Edit';
import Refresh from '@mui/icons-material/Refresh';
import {
  Box,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';

import {
  audienceLabel,
  AUDIENCES,
  COST_MESSAGES,
  costCreateSchema,
  formatMonth,
  monthOptions,
  type CostAdSpend,
  type CostRow,
} from '@funil/domain/ads/costs';
import { formatBRL, maskBRLInput } from '@funil/domain/format/currency';
import { formatDateTime, toWallTime } from '@funil/domain/format/date';

import { AdminFormDialog } from '../../../components/ui/admin-form-dialog.tsx';
import { AdminList } from '../../../components/ui/admin-list.tsx';
import type { DataColumn } from '../../../components/ui/data-table.tsx';
import { FormSelect, FormTextField } from '../../../components/ui/form-fields.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useCampaignCosts, useCostUnits, useSaveCampaignCost } from '../api/ads.ts';
import { MetaSyncButton } from './meta-sync-button.tsx';

type CostFormValues = {
  nome: string;
  campaign_id: string;
  publico: number;
  idTipoLead: number;
  idUnidade: number;
  custo: string;
  mes: string;
};
type Editing = { mode: 'create' } | { mode: 'edit'; row: CostRow } | null;

/** This month in America/Sao_Paulo, 'YYYY-MM' (a typed cost's default period). */
export function currentMonth(now = new Date()): string {
  const wall = toWallTime(now);
  return `${wall.year}-${String(wall.month).padStart(2, '0')}`;
}

const AUDIENCE_OPTIONS = AUDIENCES.map((a) => ({ value: a.value, label: a.label }));

const sourceLabel = (row: CostRow) => (row.origem === 'meta' ? 'Meta' : 'Manual');
const adCount = (n: number) => (n === 1 ? '1 anúncio' : `${n} anúncios`);

/** Meta's spend per ad in the row's month: the detail behind a Meta row (issue 23 §6). */
function MetaSpendDetail({ row }: { row: CostRow }) {
  if (row.anuncios.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2" id="gasto-meta-title">
        Gasto do Meta em {formatMonth(row.mes)}: {formatBRL(row.custo_meta ?? 0)} ({adCount(row.anuncios.length)})
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {row.custo_manual === null
          ? 'Ao salvar, o custo digitado passa a valer para o mês no lugar do gasto do Meta. Os dados do Meta não são alterados.'
          : 'O custo digitado vale para o mês no lugar do gasto do Meta. Os dados do Meta não são alterados.'}
      </Typography>
      <Box sx={{ maxHeight: 240, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-labelledby="gasto-meta-title">
          <TableHead>
            <TableRow>
              <TableCell>Anúncio</TableCell>
              <TableCell>Conjunto de anúncios</TableCell>
              <TableCell align="right">Dias</TableCell>
              <TableCell align="right">Gasto</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {row.anuncios.map((ad: CostAdSpend, index) => (
              <TableRow key={`${ad.ad_id ?? ''}-${index}`}>
                <TableCell component="th" scope="row">
                  {ad.ad_name ?? ad.ad_id ?? '—'}
                </TableCell>
                <TableCell>{ad.adset_name ?? '—'}</TableCell>
                <TableCell align="right">{ad.dias}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatBRL(ad.custo)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

export function CampaignCostsScreen() {
  const user = useCurrentUser();
  const unit = useLoadedUnitData();
  const costs = useCampaignCosts();
  const units = useCostUnits();
  const save = useSaveCampaignCost();
  const [editing, setEditing] = useState<Editing>(null);
  const isEdit = editing?.mode === 'edit';
  // 000 §6: the unit admin and the manager register costs of their unit only.
  const companyWide = user.permissao === 'ag' || user.permissao === 'mg';
  const unitOptions = useMemo(
    () => (units.data ?? []).filter((u) => companyWide || u.id === user.idUnidade).map((u) => ({ value: u.id, label: u.nome })),
    [units.data, companyWide, user.idUnidade],
  );
  const thisMonth = currentMonth();
  const monthChoices = useMemo(() => {
    const editingMonth = editing?.mode === 'edit' ? editing.row.mes : null;
    const options = monthOptions(thisMonth);
    // An older cost's month is still shown when it is edited.
    return editingMonth && !options.some((o) => o.value === editingMonth)
      ? [...options, { value: editingMonth, label: formatMonth(editingMonth) }]
      : options;
  }, [thisMonth, editing]);
  const platformOptions = useMemo(() => unit.plataformas.map((p) => ({ value: p.id, label: p.nome })), [unit.plataformas]);

  const empty: CostFormValues = {
    nome: '',
    campaign_id: '',
    publico: -1,
    idTipoLead: -1,
    idUnidade: companyWide ? -1 : user.idUnidade,
    custo: '',
    mes: thisMonth,
  };
  // A Meta month has no platform yet: Meta's own (Facebook/Instagram) when the unit has one.
  const metaPlatform = unit.plataformas.find((p) => /facebook|meta|instagram/i.test(p.nome))?.id ?? -1;
  const formOf = (row: CostRow): CostFormValues => ({
    nome: row.campaign_name,
    campaign_id: row.campaign_id,
    publico: row.publico ?? -1,
    idTipoLead: row.idTipoLead ?? (row.origem === 'meta' ? metaPlatform : -1),
    idUnidade: row.idUnidade,
    custo: formatBRL(row.custo),
    mes: row.mes,
  });

  const columns = useMemo<DataColumn<CostRow>[]>(
    () => [
      // One unit's admin or manager sees one unit only: its column starts hidden (the table fits 1440 px).
      { id: 'unidade', header: 'Unidade', value: (row) => row.unidade, minWidth: 120, hidden: !companyWide },
      { id: 'campaign_id', header: 'ID da campanha', value: (row) => row.campaign_id, nowrap: true },
      { id: 'campaign_name', header: 'Campanha', value: (row) => row.campaign_name, minWidth: 170, rowHeader: true },
      { id: 'mes', header: 'Mês', value: (row) => formatMonth(row.mes), sortValue: (row) => row.mes, nowrap: true },
      {
        id: 'custo',
        header: 'Custo',
        value: (row) => formatBRL(row.custo),
        // A typed month over Meta's spend: what Meta spent, under the cost that counts.
        render: (row) =>
          row.origem === 'manual' && row.custo_meta !== null ? (
            <Stack sx={{ alignItems: 'flex-end' }}>
              <span>{formatBRL(row.custo)}</span>
              <Typography variant="caption" color="text.secondary">
                Meta: {formatBRL(row.custo_meta)}
              </Typography>
            </Stack>
          ) : (
            formatBRL(row.custo)
          ),
        sortValue: (row) => row.custo,
        align: 'right',
        nowrap: true,
      },
      {
        id: 'origem',
        header: 'Origem',
        // Meta's month says how many ads spent in it (their detail is in 'Editar Campanha').
        value: (row) => (row.anuncios.length === 0 ? sourceLabel(row) : `${sourceLabel(row)} (${adCount(row.anuncios.length)})`),
        render: (row) => (
          <Stack sx={{ alignItems: 'flex-start', gap: 0.25 }}>
            <Chip
              size="small"
              label={sourceLabel(row)}
              color={row.origem === 'meta' ? 'primary' : 'default'}
              variant={row.origem === 'meta' ? 'filled' : 'outlined'}
            />
            {row.anuncios.length > 0 && (
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {adCount(row.anuncios.length)}
              </Typography>
            )}
          </Stack>
        ),
        sortValue: (row) => `${row.origem}:${String(row.anuncios.length).padStart(5, '0')}`,
      },
      { id: 'publico', header: 'Público', value: (row) => (row.publico === null ? '—' : audienceLabel(row.publico)) },
      { id: 'tipoLead', header: 'Plataforma', value: (row) => row.tipoLead || '—' },
      {
        id: 'dataCadastro',
        header: 'Data de cadastro',
        value: (row) => formatDateTime(row.dataCadastro),
        sortValue: (row) => row.dataCadastro,
        nowrap: true,
        hidden: true,
      },
    ],
    [companyWide],
  );

  return (
    <>
      <AdminList
        title="Gerenciar Campanhas"
        rows={costs.data}
        rowKey={(row) => row.chave}
        loading={costs.isPending || costs.isFetching}
        error={costs.isError ? costs.error.message : null}
        columns={columns}
        rowLabel={(row) => row.campaign_name}
        csvFileName="campanhas"
        create={{ label: 'Cadastrar Campanha', onClick: () => setEditing({ mode: 'create' }) }}
        headerExtra={
          <>
            <Tooltip title="Atualizar">
              <IconButton aria-label="Atualizar" onClick={() => void costs.refetch()}>
                <Refresh />
              </IconButton>
            </Tooltip>
            <MetaSyncButton />
          </>
        }
        actions={[{ label: 'Editar Campanha', icon: <Edit />, onClick: (row) => setEditing({ mode: 'edit', row }) }]}
      />

      <AdminFormDialog
        open={editing !== null}
        mode={editing?.mode ?? 'create'}
        title={isEdit ? 'Editar Campanha' : 'Cadastrar Campanha'}
        maxWidth={editing?.mode === 'edit' && editing.row.anuncios.length > 0 ? 'md' : 'sm'}
        schema={costCreateSchema}
        values={editing?.mode === 'edit' ? formOf(editing.row) : empty}
        invalidMessage={COST_MESSAGES.missing}
        successMessage={isEdit ? COST_MESSAGES.updated : COST_MESSAGES.created}
        onClose={() => setEditing(null)}
        onSubmit={(cost) =>
          editing?.mode === 'edit'
            ? save.mutateAsync({
                update: {
                  // A Meta month has no typed cost yet: its unit and month say which month to type.
                  ...(editing.row.id !== null
                    ? { id: editing.row.id }
                    : { idUnidade: editing.row.idUnidade, mes: editing.row.mes }),
                  campaign_id: editing.row.campaign_id,
                  campaign_name: cost.nome,
                  custo: cost.custo,
                  publico: cost.publico,
                  idTipoLead: cost.idTipoLead,
                },
              })
            : save.mutateAsync({ create: cost })
        }
      >
        {({ control }) => (
          <>
            <FormTextField control={control} name="nome" label="Nome da campanha" required />
            <FormTextField control={control} name="campaign_id" label="ID da campanha" required disabled={isEdit} />
            <FormSelect
              control={control}
              name="publico"
              label="Público"
              options={AUDIENCE_OPTIONS}
              required
              placeholder="Selecione"
            />
            <FormSelect
              control={control}
              name="idTipoLead"
              label="Plataforma"
              options={platformOptions}
              required
              placeholder="Selecione"
            />
            <FormSelect
              control={control}
              name="idUnidade"
              label="Unidade"
              options={unitOptions}
              required
              placeholder="Selecione"
              disabled={isEdit}
            />
            <FormTextField control={control} name="custo" label="Custo" required mask={maskBRLInput} placeholder="R$ 0,00" />
            <FormSelect
              control={control}
              name="mes"
              label="Mês de referência"
              options={monthChoices}
              required
              disabled={isEdit}
            />
            {editing?.mode === 'edit' && <MetaSpendDetail row={editing.row} />}
          </>
        )}
      </AdminFormDialog>
    </>
  );
}
