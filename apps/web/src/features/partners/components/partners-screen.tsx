// /parceiros (000 §6 admin; 002 §2.10 'Parceiros', §3 'Partner', §5 'Partner', §6): create, edit,
// delete; Parceiro (0) or Administrador (1); the three valor_operacao amounts in BRL. 'Preencha todos
// os campos' shows over the form while it has errors; 'Campos obrigatórios não preenchidos' on save.
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { Divider, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { z } from 'zod';

import {
  PARTNER_KINDS,
  PARTNER_MESSAGES,
  partnerCreateSchema,
  partnerUpdateSchema,
  type PartnerRow,
} from '@funil/domain/admin-api/partners';
import { formatBRL, maskBRLInput } from '@funil/domain/format/currency';
import { formatDateTime } from '@funil/domain/format/date';

import { ActiveChip } from '../../../components/ui/active-chip.tsx';
import { AdminFormDialog } from '../../../components/ui/admin-form-dialog.tsx';
import { AdminList } from '../../../components/ui/admin-list.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { DataColumn } from '../../../components/ui/data-table.tsx';
import { FormSelect, FormSwitch, FormTextField, LoginFields } from '../../../components/ui/form-fields.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useDeletePartner, usePartners, usePartnerUnits, useSavePartner } from '../api/partners.ts';

/** 002 §9: partner errors stay 6 s. */
const PARTNER_SNACKBAR_MS = 6_000;

// The select's -1 placeholder is 002 §5's 'Campos obrigatórios não preenchidos' under the field too.
const kindField = z.number({ error: PARTNER_MESSAGES.missing }).refine((v) => v === 0 || v === 1, PARTNER_MESSAGES.missing);
const createSchema = partnerCreateSchema.extend({ administrador: kindField });
const editSchema = partnerUpdateSchema.omit({ id: true }).extend({ administrador: kindField });
type PartnerForm = z.input<typeof createSchema>;
type Editing = { mode: 'create' } | { mode: 'edit'; row: PartnerRow } | null;

const EMPTY_PARTNER: PartnerForm = {
  nome: '',
  email: '',
  senha: '',
  descricao: '',
  conta: '',
  administrador: -1,
  idUnidade: -1,
  ativo: true,
  valor_operacao_1: '',
  valor_operacao_2: '',
  valor_operacao_3: '',
};

function formOf(row: PartnerRow): PartnerForm {
  return {
    nome: row.nome,
    email: row.email,
    senha: '',
    descricao: row.descricao,
    conta: row.conta,
    administrador: row.administrador,
    idUnidade: row.idUnidade,
    ativo: row.ativo === 1,
    valor_operacao_1: formatBRL(row.valor_operacao_1),
    valor_operacao_2: formatBRL(row.valor_operacao_2),
    valor_operacao_3: formatBRL(row.valor_operacao_3),
  };
}

const brl = (value: number) => formatBRL(value);
const KIND_OPTIONS = PARTNER_KINDS.map((k) => ({ value: k.value, label: k.label }));

export function PartnersScreen() {
  const { enqueueSnackbar } = useSnackbar();
  const partners = usePartners();
  const units = usePartnerUnits();
  const save = useSavePartner();
  const remove = useDeletePartner();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PartnerRow | null>(null);
  const unitOptions = useMemo(() => (units.data ?? []).map((u) => ({ value: u.id, label: u.nome })), [units.data]);
  const isEdit = editing?.mode === 'edit';

  const columns = useMemo<DataColumn<PartnerRow>[]>(
    () => [
      { header: 'Nome', id: 'nome', value: (row) => row.nome, rowHeader: true, minWidth: 140 },
      { header: 'Email', id: 'email', value: (row) => row.email, minWidth: 160 },
      { header: 'Unidade', id: 'nomeUnidade', value: (row) => row.nomeUnidade, minWidth: 110 },
      { header: 'Tipo', id: 'administrador', value: (row) => (row.administrador === 1 ? 'Administrador' : 'Parceiro') },
      ...(
        [
          ['valor_operacao_1', 'Por captação'],
          ['valor_operacao_2', 'Por agendamento'],
          ['valor_operacao_3', 'Por venda'],
        ] as const
      ).map(([field, header]): DataColumn<PartnerRow> => ({
        header,
        id: field,
        value: (row) => brl(row[field]),
        sortValue: (row) => row[field],
        align: 'right',
      })),
      {
        header: 'Situação',
        id: 'ativo',
        value: (row) => (row.ativo === 1 ? 'Ativo' : 'Inativo'),
        render: (row) => <ActiveChip ativo={row.ativo} />,
      },
      {
        header: 'Atualização',
        id: 'dataAtualizacao',
        value: (row) => formatDateTime(row.dataAtualizacao),
        sortValue: (row) => row.dataAtualizacao,
        nowrap: true,
        hidden: true,
      },
    ],
    [],
  );

  const confirmDelete = (row: PartnerRow) =>
    remove.mutateAsync(row.id).then(
      () => {
        enqueueSnackbar(PARTNER_MESSAGES.deleted, { variant: 'success' });
        setDeleting(null);
      },
      (cause: unknown) =>
        enqueueSnackbar(cause instanceof ApiError ? cause.message : 'Erro ao excluir o parceiro.', {
          variant: 'error',
          autoHideDuration: PARTNER_SNACKBAR_MS,
        }),
    );

  return (
    <>
      <AdminList
        title="Parceiros"
        rows={partners.data}
        rowKey={(row) => row.id}
        loading={partners.isPending}
        error={partners.isError ? partners.error.message : null}
        columns={columns}
        rowLabel={(row) => row.nome}
        csvFileName="parceiros"
        create={{ label: 'Cadastrar Parceiro', onClick: () => setEditing({ mode: 'create' }) }}
        actions={[
          { label: 'Editar', icon: <Edit />, onClick: (row) => setEditing({ mode: 'edit', row }) },
          { label: 'Excluir', icon: <Delete />, color: 'error', onClick: setDeleting },
        ]}
      />

      <AdminFormDialog
        open={editing !== null}
        mode={editing?.mode ?? 'create'}
        title={isEdit ? 'Editar Parceiro' : 'Cadastrar Parceiro'}
        schema={isEdit ? (editSchema as unknown as typeof createSchema) : createSchema}
        values={editing?.mode === 'edit' ? formOf(editing.row) : EMPTY_PARTNER}
        invalidMessage={PARTNER_MESSAGES.missing}
        errorsAlert={PARTNER_MESSAGES.fillAll}
        successMessage={isEdit ? PARTNER_MESSAGES.updated : PARTNER_MESSAGES.created}
        onClose={() => setEditing(null)}
        onSubmit={(partner) => {
          const body = { ...partner, administrador: partner.administrador as 0 | 1 };
          return editing?.mode === 'edit'
            ? save.mutateAsync({ update: { ...body, id: editing.row.id } })
            : save.mutateAsync({ create: body });
        }}
      >
        {({ control }) => (
          <>
            <LoginFields control={control} isEdit={isEdit} />
            <FormTextField control={control} name="descricao" label="Descrição" required multiline minRows={2} />
            <FormTextField control={control} name="conta" label="Conta" required helperText="Conta para o repasse dos valores." />
            <FormSelect
              control={control}
              name="administrador"
              label="Permissão"
              options={KIND_OPTIONS}
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
            />
            <Divider />
            <Typography variant="subtitle2">Valores por operação</Typography>
            <FormTextField
              control={control}
              name="valor_operacao_1"
              label="Por captação"
              required
              mask={maskBRLInput}
              placeholder="R$ 0,00"
            />
            <FormTextField
              control={control}
              name="valor_operacao_2"
              label="Por agendamento"
              required
              mask={maskBRLInput}
              placeholder="R$ 0,00"
            />
            <FormTextField
              control={control}
              name="valor_operacao_3"
              label="Por venda"
              required
              mask={maskBRLInput}
              placeholder="R$ 0,00"
            />
            <FormSwitch control={control} name="ativo" label="Ativo" />
          </>
        )}
      </AdminFormDialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Excluir parceiro"
        confirmLabel="Excluir"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void confirmDelete(deleting)}
      >
        Excluir o parceiro <strong>{deleting?.nome}</strong>? Esta ação não pode ser desfeita.
      </ConfirmDialog>
    </>
  );
}
