// Users administration (002 §7 'Admin' cadastros/usuarios; the permission list and the
// activate/deactivate action are paths of docs/api.md).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { writeResultSchema } from '@funil/domain/admin-api/fields';
import { permissionsListSchema, type UserActive, type UserCreate, type UserUpdate } from '@funil/domain/admin-api/users';
import { unitsListSchema, usersListSchema } from '@funil/domain/unit/unit-data';

import { apiRequest, http } from '../../../lib/http-client.ts';

const usersKey = ['admin', 'usuarios'] as const;

export function useAdminUsers() {
  return useQuery({
    queryKey: usersKey,
    queryFn: ({ signal }) => http.get('/cadastros/usuarios', usersListSchema.shape.data, signal),
    staleTime: 0,
  });
}

/** 002 §6: the permission is chosen from a server list (only those the caller may give). */
export function usePermissionOptions() {
  return useQuery({
    queryKey: ['admin', 'permissoes'],
    queryFn: ({ signal }) => http.get('/cadastros/permissoes', permissionsListSchema.shape.data, signal),
  });
}

/** GET cadastros/unidades (000 §7): the company's units for the unit select. */
export function useCompanyUnits() {
  return useQuery({
    queryKey: ['admin', 'unidades-da-empresa'],
    queryFn: ({ signal }) => http.get('/cadastros/unidades', unitsListSchema.shape.data, signal),
    staleTime: 0,
  });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: { create: UserCreate } | { update: UserUpdate }) =>
      'create' in user
        ? apiRequest('/cadastros/usuarios', { method: 'POST', body: user.create, schema: writeResultSchema.shape.data })
        : apiRequest('/cadastros/usuarios', { method: 'PUT', body: user.update, schema: writeResultSchema.shape.data }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

/** 002 §4: the table's action toggles ativo between 1 and -1; deactivating logs the user out. */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserActive) => apiRequest('/cadastros/usuarios/ativo', { method: 'PUT', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
