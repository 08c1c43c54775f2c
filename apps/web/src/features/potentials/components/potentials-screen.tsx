// /potencial 'Potencial de Negociação' (002 §2.10, §3 "Potential", §5 "Potential"): the company's
// potentials with their six level labels (Nenhum … Muito by default); create, edit, delete. Who may
// open it: the super-admin and the company admin (docs/decisions.md).
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import { Box, Chip, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';

import {
  POTENTIAL_DEFAULT_LABELS,
  POTENTIAL_MESSAGES,
  potentialBodySchema,
  type PotentialBody,
  type PotentialRow,
} from '@funil/domain/admin-api/potentials';
import { formatDateTime } from '@funil/domain/format/date';

import { AdminFormDialog } from '../../../components/ui/admin-form-dialog.tsx';
import { AdminList } from '../../../components/ui/admin-list.tsx';
import { CompanySelect } from '../../../components/ui/company-select.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { DataColumn, RowAction } from '../../../components/ui/data-table.tsx';
import { FormSwitch, FormTextField } from '../../../components/ui/form-fields.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useCompanyChoice } from '../../../lib/companies.ts';
import { useDeletePotential, usePotentials, useSavePotential } from '../api/potentials.ts';

const LEVELS = ['status', 'status1', 'status2', 'status3', 'status4', 'status5'] as const;

const EMPTY: PotentialBody = { nome: '', descricao: '', ...POTENTIAL_DEFAULT_LABELS, ativo: 1 };

function formOf(row: PotentialRow): PotentialBody {
  const { status, status1, status2, status3, status4, status5 } = row;
  return {
    nome: row.nome,
    descricao: row.descricao ?? '',
    status,
    status1,
    status2,
    status3,
    status4,
    status5,
    ativo: row.ativo === 1 ? 1 : 0,
  };
}

const columns: DataColumn<PotentialRow>[] = [
  { header: 'Nome', id: 'nome', value: (row) => row.nome, rowHeader: true, minWidth: 150 },
  { header: 'Descrição', id: 'descricao', value: (row) => row.descricao ?? '', minWidth: 180 },
  {
    header: 'Níveis (0 a 5)',
    id: 'niveis',
    value: (row) => LEVELS.map((level) => row[level]).join(' · '),
    minWidth: 300,
    sortable: false,
  },
  {
    header: 'Situação',
    id: 'ativo',
    value: (row) => (row.ativo === 1 ? 'Ativo' : 'Inativo'),
    render: (row) => (
      <Chip
        size="small"
        label={row.ativo === 1 ? 'Ativo' : 'Inativo'}
        color={row.ativo === 1 ? 'success' : 'default'}
        variant="outlined"
      />
    ),
  },
  {
    header: 'Atualizado em',
    id: 'dataAtualizacao',
    value: (row) => formatDateTime(row.dataAtualizacao),
    sortValue: (row) => row.dataAtualizacao,
    nowrap: true,
  },
];

type Dialogs = { kind: 'closed' } | { kind: 'form'; editing: PotentialRow | null } | { kind: 'delete'; row: PotentialRow };

export function PotentialsScreen() {
  // The super-admin picks the company (issue 10); the company admin works on their own.
  const company = useCompanyChoice();
  const potentials = usePotentials(company.requested);
  const save = useSavePotential(company.requested);
  const remove = useDeletePotential(company.requested);
  const { enqueueSnackbar } = useSnackbar();
  const [dialog, setDialog] = useState<Dialogs>({ kind: 'closed' });
  const editing = dialog.kind === 'form' ? dialog.editing : null;
  const close = () => setDialog({ kind: 'closed' });

  const actions: RowAction<PotentialRow>[] = [
    { label: 'Editar', icon: <Edit fontSize="small" />, onClick: (row) => setDialog({ kind: 'form', editing: row }) },
    {
      label: 'Excluir',
      icon: <DeleteOutlined fontSize="small" />,
      color: 'error',
      onClick: (row) => setDialog({ kind: 'delete', row }),
    },
  ];
  const confirmDelete = (row: PotentialRow) =>
    remove.mutate(row.id, {
      onSuccess: () => {
        enqueueSnackbar(POTENTIAL_MESSAGES.deleted, { variant: 'success' });
        close();
      },
      // 409: leads are rated with it; the server's text says how many and to deactivate it instead.
      onError: (error) => enqueueSnackbar(error instanceof ApiError ? error.message : String(error), { variant: 'error' }),
    });

  return (
    <>
      <AdminList
        title="Potencial de Negociação"
        rows={potentials.data}
        rowKey={(row) => row.id}
        columns={columns}
        loading={potentials.isPending}
        error={potentials.isError ? potentials.error.message : null}
        rowLabel={(row) => row.nome}
        actions={actions}
        create={{ label: 'Cadastrar Potencial', onClick: () => setDialog({ kind: 'form', editing: null }) }}
        headerExtra={company.canChoose ? <CompanySelect value={company.idEmpresa} onChange={company.setIdEmpresa} /> : undefined}
      />
      <AdminFormDialog
        open={dialog.kind === 'form'}
        mode={editing ? 'edit' : 'create'}
        title={editing ? 'Editar Potencial' : 'Cadastrar Potencial'}
        schema={potentialBodySchema}
        values={editing ? formOf(editing) : EMPTY}
        successMessage={editing ? POTENTIAL_MESSAGES.updated : POTENTIAL_MESSAGES.created}
        invalidMessage="Campos obrigatórios não preenchidos"
        onClose={close}
        onSubmit={(body) => save.mutateAsync({ id: editing?.id ?? null, body })}
      >
        {({ control }) => (
          <>
            <FormTextField control={control} name="nome" label="Nome" required autoFocus />
            <FormTextField control={control} name="descricao" label="Descrição" required multiline minRows={2} />
            <Typography variant="subtitle2" sx={{ pt: 1 }}>
              Rótulos dos níveis
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {LEVELS.map((level, index) => (
                <FormTextField key={level} control={control} name={level} label={`Nível ${index}`} required />
              ))}
            </Box>
            <FormSwitch control={control} name="ativo" label="Ativo" on={1} off={0} />
          </>
        )}
      </AdminFormDialog>
      <ConfirmDialog
        open={dialog.kind === 'delete'}
        title="Excluir potencial"
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onClose={close}
        onConfirm={() => dialog.kind === 'delete' && confirmDelete(dialog.row)}
      >
        Tem certeza que deseja excluir o potencial “{dialog.kind === 'delete' ? dialog.row.nome : ''}”?
      </ConfirmDialog>
    </>
  );
}
