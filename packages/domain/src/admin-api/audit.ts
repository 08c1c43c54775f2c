// GET /api/cadastros/auditoria: the audit trail of administration writes (issue 10 "API").
import { z } from 'zod';

import { PG_INT_MAX } from '../http/ids.ts';

export const AUDIT_ENTITIES = [
  'empresa',
  'unidade',
  'usuario',
  'parceiro',
  'potencial',
  'status_negociacao',
  'status_negociacao_venda',
  'configuracoes_unidade',
  'configuracoes_extras',
  'orientacao',
  // Issue 23 §5 §6: the ads catalogue and the campaign costs.
  'campanha_anuncio',
  'conjunto_anuncios',
  'anuncio',
  'anuncios_csv',
  'custo_campanha',
  // Issue 23 §2: the company's Meta connection and the pages and forms that feed it.
  'meta_conexao',
  'meta_paginas',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Labels of the audit view. */
export const AUDIT_ENTITY_LABEL: Record<AuditEntity, string> = {
  empresa: 'Empresa',
  unidade: 'Unidade',
  usuario: 'Usuário',
  parceiro: 'Parceiro',
  potencial: 'Potencial',
  status_negociacao: 'Status de negociação',
  status_negociacao_venda: 'Status de venda',
  configuracoes_unidade: 'Configurações da unidade',
  configuracoes_extras: 'Funcionalidades',
  orientacao: 'Orientação',
  campanha_anuncio: 'Campanha (anúncios)',
  conjunto_anuncios: 'Conjunto de Anúncios',
  anuncio: 'Anúncio',
  anuncios_csv: 'Importação de anúncios (CSV)',
  custo_campanha: 'Custo de campanha',
  meta_conexao: 'Conexão com o Meta',
  meta_paginas: 'Páginas e formulários do Meta',
};
export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = { create: 'Criação', update: 'Alteração', delete: 'Exclusão' };

/** Rows per page of the audit list. */
export const AUDIT_PAGE_SIZE = 50;

export const auditQuerySchema = z.object({
  entidade: z.enum(AUDIT_ENTITIES, { error: 'Entidade inválida.' }).optional(),
  pagina: z.coerce
    .number({ error: 'Página inválida.' })
    .int('Página inválida.')
    .min(1, 'Página inválida.')
    .max(PG_INT_MAX, 'Página inválida.')
    .default(1),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One changed field: its value before and after (null where it did not exist). */
export const auditChangeSchema = z.object({ antes: z.unknown(), depois: z.unknown() });

export const auditRowSchema = z.object({
  id: z.number().int(),
  idEmpresa: z.number().int().nullable(),
  idUnidade: z.number().int().nullable(),
  idUsuario: z.number().int().nullable(),
  nomeUsuario: z.string(),
  entidade: z.string(),
  idEntidade: z.number().int(),
  acao: z.enum(AUDIT_ACTIONS),
  alteracoes: z.record(z.string(), auditChangeSchema),
  datacad: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditListSchema = z.object({
  data: z.array(auditRowSchema),
  pagina: z.number().int(),
  total: z.number().int(),
  porPagina: z.number().int(),
});
export type AuditList = z.infer<typeof auditListSchema>;
