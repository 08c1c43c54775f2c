// /unidades (000 §6 super-admin; 002 §2.10 'Unidades', §3 'Unit', §4, §5 'Unit'): the units of a
// company with create, edit and 'Desativar' (ativo 0, which logs the unit's users out), and the
// companies: the super-admin creates a company with its first unit and first admin (issue 10).
import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Domain from '@mui/icons-material/Domain';
import Edit from '@mui/icons-material/Edit';
import VpnKey from '@mui/icons-material/VpnKey';
import { Box, Button, Divider, Tooltip, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';

import { COMPANY_MESSAGES } from '@funil/domain/admin-api/companies';
import { UNIT_MESSAGES, unitSystemFieldsRequired, type UnitRow } from '@funil/domain/admin-api/units';
import { CAPTURE_MESSAGES } from '@funil/domain/capture/capture-api';
import { formatDateTime } from '@funil/domain/format/date';

import { ActiveChip } from '../../../components/ui/active-chip.tsx';
import { AdminFormDialog } from '../../../components/ui/admin-form-dialog.tsx';
import { AdminList } from '../../../components/ui/admin-list.tsx';
import { CompanySelect } from '../../../components/ui/company-select.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { DataColumn } from '../../../components/ui/data-table.tsx';
import { FormSelect, FormTextField } from '../../../components/ui/form-fields.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useAdminUnits, useCreateCompany, useRegenerateUnitToken, useSaveUnit } from '../api/units.ts';
import { companyFormSchema, EMPTY_COMPANY_FORM, EMPTY_UNIT_FORM, unitFormOf, unitFormSchema } from './unit-forms.ts';

type Editing = { mode: 'create' } | { mode: 'edit'; row: UnitRow } | null;

const ACTIVE_OPTIONS = [
  { value: 1, label: 'Ativa' },
  { value: -1, label: 'Inativa' },
];

export function UnitsScreen() {
  const { enqueueSnackbar } = useSnackbar();
  const ownCompany = useLoadedUnitData().dados_unidade.idEmpresa;
  const [idEmpresa, setIdEmpresa] = useState<number>(ownCompany);
  const units = useAdminUnits(idEmpresa);
  const save = useSaveUnit();
  const createCompany = useCreateCompany();
  const [editing, setEditing] = useState<Editing>(null);
  const [deactivating, setDeactivating] = useState<UnitRow | null>(null);
  // Issue 23 §1: the capture URL's token, regenerated after a confirmation.
  const regenerate = useRegenerateUnitToken();
  const [renewing, setRenewing] = useState<UnitRow | null>(null);
  const renewToken = (row: UnitRow) =>
    regenerate.mutateAsync(row.id).then(
      () => {
        enqueueSnackbar(CAPTURE_MESSAGES.tokenRegenerated, { variant: 'success' });
        setRenewing(null);
      },
      (cause: unknown) =>
        enqueueSnackbar(cause instanceof ApiError ? cause.message : 'Erro ao gerar o novo token.', { variant: 'error' }),
    );
  const [newCompany, setNewCompany] = useState(false);
  // 002 §5, §6: company 1 hides the system id and Facebook filter.
  const systemFields = unitSystemFieldsRequired(idEmpresa);
  const schema = useMemo(() => unitFormSchema(idEmpresa), [idEmpresa]);

  const columns = useMemo<DataColumn<UnitRow>[]>(
    () => [
      { header: 'Nome', id: 'nome', value: (row) => row.nome, rowHeader: true, minWidth: 180 },
      { header: 'DDD', id: 'ddd', value: (row) => row.ddd },
      ...(systemFields
        ? ([
            { header: 'id do sistema', id: 'idSistema', value: (row) => row.idSistema, nowrap: true },
            { header: 'Filtro Facebook', id: 'filtro', value: (row) => row.filtro, minWidth: 140 },
          ] satisfies DataColumn<UnitRow>[])
        : []),
      {
        header: 'Situação',
        id: 'ativo',
        value: (row) => (row.ativo === 1 ? 'Ativa' : 'Inativa'),
        render: (row) => <ActiveChip ativo={row.ativo} feminine />,
      },
      {
        header: 'Token',
        id: 'token',
        value: (row) => row.token,
        sortable: false,
        // The 32 characters stay whole for copy and CSV; the cell shows their start, the tooltip all of them.
        render: (row) => (
          <Tooltip title={row.token}>
            <Box
              component="code"
              sx={{
                fontSize: 12,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
                display: 'block',
                maxWidth: 150,
              }}
            >
              {row.token}
            </Box>
          </Tooltip>
        ),
      },
      {
        header: 'Cadastro',
        id: 'datacad',
        value: (row) => formatDateTime(row.datacad),
        sortValue: (row) => row.datacad,
        nowrap: true,
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
    [systemFields],
  );

  const toggle = (row: UnitRow, ativo: 0 | 1) =>
    save.mutateAsync({ update: ativo === 0 ? { id: row.id, ativo: 0, desativar: true } : { id: row.id, ativo: 1 } }).then(
      () => {
        enqueueSnackbar(ativo === 0 ? UNIT_MESSAGES.deactivated : UNIT_MESSAGES.updated, { variant: 'success' });
        setDeactivating(null);
      },
      (cause: unknown) =>
        enqueueSnackbar(cause instanceof ApiError ? cause.message : 'Erro ao atualizar a unidade.', { variant: 'error' }),
    );

  return (
    <>
      <AdminList
        title="Unidades"
        rows={units.data}
        rowKey={(row) => row.id}
        loading={units.isPending}
        error={units.isError ? units.error.message : null}
        columns={columns}
        rowLabel={(row) => row.nome}
        csvFileName="unidades"
        print
        headerExtra={
          <>
            <CompanySelect value={idEmpresa} onChange={setIdEmpresa} />
            <Button
              variant="outlined"
              startIcon={<Domain />}
              onClick={() => setNewCompany(true)}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              Nova empresa
            </Button>
          </>
        }
        create={{ label: 'Cadastrar Unidade', onClick: () => setEditing({ mode: 'create' }) }}
        actions={[
          { label: 'Editar', icon: <Edit />, onClick: (row) => setEditing({ mode: 'edit', row }) },
          { label: 'Gerar novo token', icon: <VpnKey />, onClick: setRenewing },
          { label: 'Desativar', icon: <Block />, color: 'error', onClick: setDeactivating, hidden: (row) => row.ativo !== 1 },
          {
            label: 'Ativar',
            icon: <CheckCircle />,
            color: 'primary',
            onClick: (row) => void toggle(row, 1),
            hidden: (row) => row.ativo === 1,
          },
        ]}
      />

      <AdminFormDialog
        open={editing !== null}
        mode={editing?.mode ?? 'create'}
        title={editing?.mode === 'edit' ? 'Editar Unidade' : 'Cadastrar Unidade'}
        schema={schema}
        values={editing?.mode === 'edit' ? unitFormOf(editing.row) : EMPTY_UNIT_FORM}
        disableUntilValid
        successMessage={editing?.mode === 'edit' ? UNIT_MESSAGES.updated : UNIT_MESSAGES.created}
        onClose={() => setEditing(null)}
        onSubmit={(form) => {
          const fields = {
            nome: form.nome,
            ddd: form.ddd,
            ...(systemFields ? { idSistema: form.idSistema, filtro: form.filtro } : {}),
          };
          return editing?.mode === 'edit'
            ? save.mutateAsync({ update: { id: editing.row.id, ...fields, ativo: form.ativo } })
            : save.mutateAsync({ create: { ...fields, idEmpresa } });
        }}
      >
        {({ control }) => (
          <>
            <FormTextField control={control} name="nome" label="Nome" required autoFocus />
            <FormTextField control={control} name="ddd" label="DDD" required />
            {systemFields && (
              <>
                <FormTextField
                  control={control}
                  name="idSistema"
                  label="id do sistema"
                  required
                  helperText="-1 quando a unidade não tem sistema externo."
                />
                <FormTextField control={control} name="filtro" label="Filtro Facebook" required />
              </>
            )}
            {editing?.mode === 'edit' && (
              <FormSelect control={control} name="ativo" label="Situação" options={ACTIVE_OPTIONS} required />
            )}
          </>
        )}
      </AdminFormDialog>

      <ConfirmDialog
        open={renewing !== null}
        title="Gerar novo token"
        confirmLabel="Gerar novo token"
        destructive
        busy={regenerate.isPending}
        onClose={() => setRenewing(null)}
        onConfirm={() => renewing && void renewToken(renewing)}
      >
        Gerar um novo token para a unidade <strong>{renewing?.nome}</strong>? A URL de captação atual (/api/captacao/
        {'{token}'}) deixa de funcionar na hora: atualize as landing pages, os formulários e as integrações que a usam.
      </ConfirmDialog>
      <ConfirmDialog
        open={deactivating !== null}
        title="Desativar unidade"
        confirmLabel="Desativar"
        destructive
        busy={save.isPending}
        onClose={() => setDeactivating(null)}
        onConfirm={() => deactivating && void toggle(deactivating, 0)}
      >
        Desativar a unidade <strong>{deactivating?.nome}</strong>? Os usuários dela serão desconectados e não poderão entrar até
        que ela seja ativada de novo.
      </ConfirmDialog>

      <AdminFormDialog
        open={newCompany}
        mode="create"
        title="Cadastrar Empresa"
        schema={companyFormSchema}
        values={EMPTY_COMPANY_FORM}
        maxWidth="md"
        successMessage={COMPANY_MESSAGES.created}
        onClose={() => setNewCompany(false)}
        onSubmit={(company) => createCompany.mutateAsync(company).then((created) => setIdEmpresa(created.id))}
      >
        {({ control }) => (
          <>
            <FormTextField control={control} name="nome" label="Nome da empresa" required autoFocus />
            <Divider />
            <Typography variant="subtitle2">Primeira unidade</Typography>
            <FormTextField control={control} name="unidade.nome" label="Nome" required />
            <FormTextField control={control} name="unidade.ddd" label="DDD" required />
            <FormTextField
              control={control}
              name="unidade.idSistema"
              label="id do sistema"
              required
              helperText="-1 quando a unidade não tem sistema externo."
            />
            <FormTextField control={control} name="unidade.filtro" label="Filtro Facebook" required />
            <Divider />
            <Typography variant="subtitle2">Administrador da empresa</Typography>
            <FormTextField control={control} name="administrador.nome" label="Nome" required />
            <FormTextField control={control} name="administrador.email" label="Email" type="email" required autoComplete="off" />
            <FormTextField
              control={control}
              name="administrador.senha"
              label="Senha"
              type="password"
              required
              autoComplete="new-password"
            />
          </>
        )}
      </AdminFormDialog>
    </>
  );
}
