// Negotiation and sale statuses (002 §2.8, §3 "Negotiation status", §7 "Extras and catalogue"):
// cadastros/status-negociacao and cadastros/status-negociacao-venda, list, create, edit (found by
// its funnel order) and delete by funnel order, moving the leads that hold it to `destino`.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import {
  negotiationStatusRowSchema,
  saleStatusRowSchema,
  statusDeletedSchema,
  type NegotiationStatusBody,
  type SaleStatusBody,
} from '@funil/domain/admin-api/statuses';

import { withCompany } from '../../../lib/companies.ts';
import { apiRequest, http } from '../../../lib/http-client.ts';
import { unitDataQuery } from '../../../lib/unit-data.ts';

export type StatusKind = 'negociacao' | 'venda';

/** One row of either table, its funnel order under one name. */
export type StatusRow = {
  id: number;
  nome: string;
  descricao: string | null;
  cor: string;
  ordem: number;
  dataCad: string;
  dataAtualizacao: string;
};
/** The form of either dialog. */
export type StatusForm = { nome: string; ordem: number | ''; cor: string; descricao: string };

const PATH: Record<StatusKind, string> = {
  negociacao: '/cadastros/status-negociacao',
  venda: '/cadastros/status-negociacao-venda',
};

/** `idEmpresa`: the company the super-admin picked, null for the session's own (issue 10). */
export const statusesQuery = (kind: StatusKind, idEmpresa: number | null = null) =>
  queryOptions({
    queryKey: ['status-admin', kind, idEmpresa],
    queryFn: async ({ signal }): Promise<StatusRow[]> =>
      kind === 'negociacao'
        ? (await http.get(withCompany(PATH.negociacao, idEmpresa), z.array(negotiationStatusRowSchema), signal)).map(
            ({ idFunil, ...row }) => ({ ...row, ordem: idFunil }),
          )
        : (await http.get(withCompany(PATH.venda, idEmpresa), z.array(saleStatusRowSchema), signal)).map(
            ({ idFunilVenda, ...row }) => ({ ...row, ordem: idFunilVenda }),
          ),
  });

export function useStatuses(kind: StatusKind, idEmpresa: number | null = null) {
  return useQuery(statusesQuery(kind, idEmpresa));
}

function bodyOf(
  kind: StatusKind,
  form: { nome: string; ordem: number; cor: string; descricao: string },
): NegotiationStatusBody | SaleStatusBody {
  const common = { nome: form.nome, cor: form.cor, descricao: form.descricao.trim() === '' ? null : form.descricao };
  return kind === 'negociacao' ? { ...common, idFunil: form.ordem } : { ...common, idFunilVenda: form.ordem };
}

function useStatusMutation<T, R>(kind: StatusKind, fn: (arg: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The CRM's selectors read the statuses from the unit data.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['status-admin', kind] }),
        client.invalidateQueries({ queryKey: unitDataQuery.queryKey }),
      ]),
  });
}

export function useSaveStatus(kind: StatusKind, idEmpresa: number | null = null) {
  return useStatusMutation(
    kind,
    ({ editing, form }: { editing: boolean; form: { nome: string; ordem: number; cor: string; descricao: string } }) =>
      apiRequest(withCompany(PATH[kind], idEmpresa), { method: editing ? 'PUT' : 'POST', body: bodyOf(kind, form) }),
  );
}

/** DELETE …/{ordem}[?destino=]: a 409 says how many leads hold it and that a destination is needed. */
export function useDeleteStatus(kind: StatusKind, idEmpresa: number | null = null) {
  return useStatusMutation(kind, ({ ordem, destino }: { ordem: number; destino: number | null }) =>
    apiRequest(withCompany(`${PATH[kind]}/${ordem}${destino === null ? '' : `?destino=${destino}`}`, idEmpresa), {
      method: 'DELETE',
      schema: statusDeletedSchema,
    }),
  );
}
