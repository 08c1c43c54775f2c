// Funcionalidades (002 §2.9, §7 "Extras and catalogue"): the companies the super-admin may pick and
// the configuracoesExtra flags of one company, read and written with PUT cadastros/configuracoes-extras.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { configuracoesExtraSchema, type ConfiguracoesExtra } from '@funil/domain/unit/unit-data';
import { apiRequest, http } from '../../../lib/http-client.ts';
import { unitDataQuery } from '../../../lib/unit-data.ts';

const companySchema = z.object({ id: z.number().int(), nome: z.string() });
export type Company = z.infer<typeof companySchema>;

export const companiesQuery = queryOptions({
  queryKey: ['empresas'],
  queryFn: ({ signal }) => http.get('/cadastros/empresas', z.array(companySchema), signal),
});

export function useCompanies() {
  return useQuery(companiesQuery);
}

export const extrasQuery = (idEmpresa: number) =>
  queryOptions({
    queryKey: ['configuracoes-extras', idEmpresa],
    queryFn: ({ signal }) => http.get(`/cadastros/configuracoes-extras?idEmpresa=${idEmpresa}`, configuracoesExtraSchema, signal),
  });

export function useExtras(idEmpresa: number | null) {
  return useQuery({ ...extrasQuery(idEmpresa ?? 0), enabled: idEmpresa !== null });
}

export function useSaveExtras(idEmpresa: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (extras: ConfiguracoesExtra) =>
      apiRequest('/cadastros/configuracoes-extras', { method: 'PUT', body: { idEmpresa, configuracoesExtra: extras }, schema: configuracoesExtraSchema }),
    onSuccess: (saved) => {
      client.setQueryData(extrasQuery(idEmpresa).queryKey, saved);
      // The super-admin's own menu follows too.
      return client.invalidateQueries({ queryKey: unitDataQuery.queryKey });
    },
  });
}
