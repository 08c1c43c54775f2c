// /usuarios (000 §6 super-admin and admin; 002 §2.10 'Usuários', §3 'User', §4, §5 'User', §6):
// create, edit, activate/deactivate (deactivating ends the user's sessions at once); the permission
// comes from the server's list; acesso_atribuidos, excluir_leads and the extension idRamal.
import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Edit from '@mui/icons-material/Edit';
import { Alert } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import type { z } from 'zod';

import { canAssignPermission, USER_MESSAGES, userCreateSchema, userUpdateSchema } from '@funil/domain/admin-api/users';
import { formatDateTime } from '@funil/domain/format/date';

import { ActiveChip } from '../../../components/ui/active-chip.tsx';
import { AdminFormDialog } from '../../../components/ui/admin-form-dialog.tsx';
import { AdminList } from '../../../components/ui/admin-list.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { DataColumn } from '../../../components/ui/data-table.tsx';
import { FormSelect, FormSwitch, FormTextField, LoginFields } from '../../../components/ui/form-fields.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useAdminUsers, useCompanyUnits, usePermissionOptions, useSaveUser, useSetUserActive } from '../api/users.ts';

type UserRow = NonNullable<ReturnType<typeof useAdminUsers>['data']>[number];
type Editing = { mode: 'create' } | { mode: 'edit'; row: UserRow } | null;

const editSchema = userUpdateSchema.omit({ id: true });
type UserForm = z.input<typeof userCreateSchema>;

const EMPTY_USER: UserForm = {
  nome: '',
  email: '',
  senha: '',
  idUnidade: -1,
  permissao: -1 as unknown as 'u',
  ativo: 1,
  acesso_atribuidos: 0,
  excluir_leads: 0,
  idRamal: 0,
  habilita_mensagem_whatsapp: 0,
};

function formOf(row: UserRow): UserForm {
  return {
    nome: row.nome,
    email: row.email,
    senha: '',
    idUnidade: row.idUnidade,
    permissao: row.permissao as UserForm['permissao'],
    ativo: row.ativo,
    acesso_atribuidos: row.acesso_atribuidos,
    excluir_leads: row.excluir_leads,
    idRamal: row.idRamal,
  };
}

export function UsersScreen() {
  const { enqueueSnackbar } = useSnackbar();
  const me = useCurrentUser();
  const users = useAdminUsers();
  const permissions = usePermissionOptions();
  const units = useCompanyUnits();
  const save = useSaveUser();
  const setActive = useSetUserActive();
  const [editing, setEditing] = useState<Editing>(null);
  const [deactivating, setDeactivating] = useState<UserRow | null>(null);

  // A unit admin manages the users of their own unit only (issue 10).
  const unitOptions = useMemo(
    () =>
      (units.data ?? [])
        .filter((unit) => me.permissao !== 'a' || unit.id === me.idUnidade)
        .map((unit) => ({ value: unit.id, label: unit.nome })),
    [units.data, me.permissao, me.idUnidade],
  );
  const permissionOptions = useMemo(
    () => (permissions.data ?? []).map((p) => ({ value: p.permissao, label: p.nome })),
    [permissions.data],
  );
  // Nobody edits someone above their own level, nor deactivates themselves.
  const canManage = (row: UserRow) => canAssignPermission(me.permissao, row.permissao);

  const columns = useMemo<DataColumn<UserRow>[]>(
    () => [
      { header: 'Nome', id: 'nome', value: (row) => row.nome, rowHeader: true, minWidth: 150 },
      { header: 'Email', id: 'email', value: (row) => row.email, minWidth: 180 },
      { header: 'Unidade', id: 'nomeUnidade', value: (row) => row.nomeUnidade, minWidth: 120 },
      { header: 'Permissão', id: 'nomePermissao', value: (row) => row.nomePermissao, minWidth: 150 },
      {
        header: 'Ramal',
        id: 'idRamal',
        value: (row) => (row.idRamal > 0 ? String(row.idRamal) : '—'),
        sortValue: (row) => row.idRamal,
      },
      {
        header: 'Situação',
        id: 'ativo',
        value: (row) => (row.ativo === 1 ? 'Ativo' : 'Inativo'),
        render: (row) => <ActiveChip ativo={row.ativo} />,
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
    [],
  );

  const toggle = (row: UserRow, ativo: 1 | -1) =>
    setActive.mutateAsync({ id: row.id, ativo }).then(
      () => {
        enqueueSnackbar(ativo === 1 ? 'Usuário ativado com sucesso!' : 'Usuário desativado com sucesso!', { variant: 'success' });
        setDeactivating(null);
      },
      (cause: unknown) =>
        enqueueSnackbar(cause instanceof ApiError ? cause.message : 'Erro ao atualizar o usuário.', {
          variant: 'error',
          autoHideDuration: 6_000,
        }),
    );

  const isEdit = editing?.mode === 'edit';

  return (
    <>
      <AdminList
        title="Usuários"
        rows={users.data}
        rowKey={(row) => row.id}
        loading={users.isPending}
        error={users.isError ? users.error.message : null}
        columns={columns}
        rowLabel={(row) => row.nome}
        csvFileName="usuarios"
        print
        create={{ label: 'Cadastrar Usuário', onClick: () => setEditing({ mode: 'create' }) }}
        actions={[
          {
            label: 'Editar',
            icon: <Edit />,
            onClick: (row) => setEditing({ mode: 'edit', row }),
            hidden: (row) => !canManage(row),
          },
          {
            label: 'Desativar',
            icon: <Block />,
            color: 'error',
            onClick: setDeactivating,
            hidden: (row) => row.ativo !== 1 || row.id === me.idUser || !canManage(row),
          },
          {
            label: 'Ativar',
            icon: <CheckCircle />,
            color: 'primary',
            onClick: (row) => void toggle(row, 1),
            hidden: (row) => row.ativo === 1 || !canManage(row),
          },
        ]}
      />

      <AdminFormDialog
        open={editing !== null}
        mode={editing?.mode ?? 'create'}
        title={isEdit ? 'Editar Usuário' : 'Cadastrar Usuário'}
        schema={isEdit ? (editSchema as unknown as typeof userCreateSchema) : userCreateSchema}
        values={editing?.mode === 'edit' ? formOf(editing.row) : EMPTY_USER}
        invalidMessage={USER_MESSAGES.missing}
        successMessage={isEdit ? USER_MESSAGES.updated : USER_MESSAGES.created}
        onClose={() => setEditing(null)}
        onSubmit={(user) =>
          editing?.mode === 'edit'
            ? save.mutateAsync({ update: { ...user, id: editing.row.id } })
            : save.mutateAsync({ create: user })
        }
      >
        {({ control }) => (
          <>
            {permissions.isError && <Alert severity="error">{permissions.error.message}</Alert>}
            <LoginFields control={control} isEdit={isEdit} />
            <FormSelect
              control={control}
              name="idUnidade"
              label="Unidade"
              options={unitOptions}
              required
              placeholder="Selecione"
            />
            <FormSelect
              control={control}
              name="permissao"
              label="Permissão"
              options={permissionOptions}
              required
              placeholder="Selecione"
            />
            {/* 002 §3 idRamal: shown to whoever manages users (docs/decisions.md). */}
            <FormTextField
              control={control}
              name="idRamal"
              label="Ramal"
              numeric
              step="1"
              helperText="Ramal do webphone; 0 quando o usuário não tem ramal."
            />
            <FormSelect
              control={control}
              name="ativo"
              label="Situação"
              options={[
                { value: 1, label: 'Ativo' },
                { value: -1, label: 'Inativo' },
              ]}
              required
            />
            <FormSwitch
              control={control}
              name="acesso_atribuidos"
              label="Acesso a todos os atendimentos atribuídos"
              on={1}
              off={0}
            />
            <FormSwitch control={control} name="excluir_leads" label="Pode excluir leads" on={1} off={0} />
            {/* The list does not carry it, so only a new user sets it here. */}
            {!isEdit && (
              <FormSwitch control={control} name="habilita_mensagem_whatsapp" label="Mensagem pelo WhatsApp" on={1} off={0} />
            )}
          </>
        )}
      </AdminFormDialog>

      <ConfirmDialog
        open={deactivating !== null}
        title="Desativar usuário"
        confirmLabel="Desativar"
        destructive
        busy={setActive.isPending}
        onClose={() => setDeactivating(null)}
        onConfirm={() => deactivating && void toggle(deactivating, -1)}
      >
        Desativar <strong>{deactivating?.nome}</strong>? A sessão dele será encerrada imediatamente.
      </ConfirmDialog>
    </>
  );
}
