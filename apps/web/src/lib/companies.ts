// The companies the super-admin may act on (issue 10): the list of cadastros/empresas and the
// company an admin screen works on. Company-wide admin calls take ?idEmpresa= for the super-admin;
// everyone else always acts on their own company, so the parameter is sent only for another one.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { companyListSchema } from '@funil/domain/admin-api/companies';

import { http } from './http-client.ts';
import { useCurrentUser } from './session.ts';
import { useLoadedUnitData } from './unit-data.ts';

// Under 'admin' so the units screen's invalidation of its admin queries refreshes it too.
export const companiesQuery = queryOptions({
  queryKey: ['admin', 'empresas'] as const,
  queryFn: ({ signal }) => http.get('/cadastros/empresas', companyListSchema.shape.data, signal),
  staleTime: 0,
});

/** GET cadastros/empresas (super-admin only: `enabled` false for anyone else). */
export function useCompanies(enabled = true) {
  return useQuery({ ...companiesQuery, enabled });
}

export type CompanyChoice = {
  /** The company shown (the session's until the super-admin picks another). */
  idEmpresa: number;
  setIdEmpresa: (idEmpresa: number) => void;
  /** Only the super-admin picks a company. */
  canChoose: boolean;
  /** The ?idEmpresa= to send: null for the session's own company. */
  requested: number | null;
};

export function useCompanyChoice(): CompanyChoice {
  const own = useLoadedUnitData().dados_unidade.idEmpresa;
  const canChoose = useCurrentUser().permissao === 'sa';
  const [idEmpresa, setIdEmpresa] = useState(own);
  return { idEmpresa, setIdEmpresa, canChoose, requested: canChoose && idEmpresa !== own ? idEmpresa : null };
}

/** `path` with ?idEmpresa= (or &idEmpresa=) when another company is requested. */
export function withCompany(path: string, requested: number | null): string {
  if (requested === null) return path;
  return `${path}${path.includes('?') ? '&' : '?'}idEmpresa=${requested}`;
}
