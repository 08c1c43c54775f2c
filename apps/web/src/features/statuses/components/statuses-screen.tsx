// /status-negociacao and /status-negociacao-venda (002 §2.8, super-admin): 'Gerenciar Status
// Negociação' with colour, name, description, funnel order, created and updated dates, edit and
// delete, and the register dialog. The sale statuses use the same table on idFunilVenda.
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import { useMemo, useState } from 'react';

import { SYSTEM_STATUS_ORDERS } from '@funil/domain/admin-api/statuses';
import { formatDateTime } from '@funil/domain/format/date';

import { AdminList } from '../../../components/ui/admin-list.tsx';
import { ColorChip } from '../../../components/ui/color-chip.tsx';
import { CompanySelect } from '../../../components/ui/company-select.tsx';
import type { DataColumn, RowAction } from '../../../components/ui/data-table.tsx';
import { useCompanyChoice } from '../../../lib/companies.ts';
import { useStatuses, type StatusKind, type StatusRow } from '../api/statuses.ts';
import { DeleteStatusDialog } from './delete-status-dialog.tsx';
import { StatusDialog } from './status-dialog.tsx';

const STATUS_SCREEN_TITLE: Record<StatusKind, string> = {
  negociacao: 'Gerenciar Status Negociação',
  venda: 'Gerenciar Status Negociação Venda',
};

const columns: DataColumn<StatusRow>[] = [
  {
    header: 'Cor',
    id: 'cor',
    value: (row) => row.cor,
    render: (row) => <ColorChip color={row.cor} label=" " aria-label={`Cor ${row.cor}`} sx={{ width: 32 }} />,
    sortable: false,
    noFilter: true,
    width: 70,
  },
  { header: 'Nome', id: 'nome', value: (row) => row.nome, rowHeader: true, minWidth: 160 },
  { header: 'Descrição', id: 'descricao', value: (row) => row.descricao ?? '', minWidth: 200 },
  { header: 'Ordem do funil', id: 'ordem', value: (row) => row.ordem, nowrap: true },
  {
    header: 'Criado em',
    id: 'dataCad',
    value: (row) => formatDateTime(row.dataCad),
    sortValue: (row) => row.dataCad,
    nowrap: true,
  },
  {
    header: 'Atualizado em',
    id: 'dataAtualizacao',
    value: (row) => formatDateTime(row.dataAtualizacao),
    sortValue: (row) => row.dataAtualizacao,
    nowrap: true,
  },
];

type Dialogs = { kind: 'closed' } | { kind: 'form'; editing: StatusRow | null } | { kind: 'delete'; row: StatusRow };

function StatusesScreen({ kind }: { kind: StatusKind }) {
  // 000 §6: a super-admin screen; the super-admin picks the company (issue 10).
  const company = useCompanyChoice();
  const statuses = useStatuses(kind, company.requested);
  const [dialog, setDialog] = useState<Dialogs>({ kind: 'closed' });
  const rows = useMemo(() => [...(statuses.data ?? [])].sort((a, b) => a.ordem - b.ordem), [statuses.data]);
  const actions: RowAction<StatusRow>[] = [
    { label: 'Editar', icon: <Edit fontSize="small" />, onClick: (row) => setDialog({ kind: 'form', editing: row }) },
    {
      label: 'Excluir',
      icon: <DeleteOutlined fontSize="small" />,
      color: 'error',
      onClick: (row) => setDialog({ kind: 'delete', row }),
      // The statuses the product's rules name may be renamed, never deleted.
      hidden: (row) => (SYSTEM_STATUS_ORDERS[kind] as readonly number[]).includes(row.ordem),
    },
  ];

  return (
    <>
      <AdminList
        title={STATUS_SCREEN_TITLE[kind]}
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        loading={statuses.isPending}
        error={statuses.isError ? statuses.error.message : null}
        rowLabel={(row) => row.nome}
        actions={actions}
        create={{ label: 'Cadastrar Status', onClick: () => setDialog({ kind: 'form', editing: null }) }}
        csvFileName={kind === 'negociacao' ? 'status-negociacao' : 'status-venda'}
        print
        pageSize={25}
        headerExtra={company.canChoose ? <CompanySelect value={company.idEmpresa} onChange={company.setIdEmpresa} /> : undefined}
      />
      <StatusDialog
        kind={kind}
        idEmpresa={company.requested}
        open={dialog.kind === 'form'}
        editing={dialog.kind === 'form' ? dialog.editing : null}
        rows={rows}
        onClose={() => setDialog({ kind: 'closed' })}
      />
      {dialog.kind === 'delete' && (
        <DeleteStatusDialog
          kind={kind}
          idEmpresa={company.requested}
          row={dialog.row}
          rows={rows}
          onClose={() => setDialog({ kind: 'closed' })}
        />
      )}
    </>
  );
}

export function NegotiationStatusesScreen() {
  return <StatusesScreen kind="negociacao" />;
}

export function SaleStatusesScreen() {
  return <StatusesScreen kind="venda" />;
}
