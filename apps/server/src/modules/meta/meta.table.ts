// A company's Meta connection (issue 23 §2, 002 §7 'OAuth exchange'): the user or system-user token,
// encrypted at rest (AES-256-GCM, meta-crypto.ts), its expiry, who connected, the ad accounts and the
// default unit; the Facebook pages that feed the company (their page tokens encrypted) and the lead
// forms chosen, each with an optional unit. The meta module owns the three (migration 0029).
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// Foreign-key references only (docs/decisions.md "Module boundaries").
import { empresas, unidades } from '../tenancy/tenancy.table.ts';
import { usuarios } from '../users/users.table.ts';

const stamps = {
  datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
  dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }).notNull().defaultNow(),
};

/** 'longo': a long-lived user token (~60 days); 'curto': the short-lived one kept when the exchange failed; 'sistema': a system user's. */
export type MetaTokenKind = 'longo' | 'curto' | 'sistema';

export type MetaSyncSummary = {
  at: string;
  ok: boolean;
  campaigns: number;
  adSets: number;
  ads: number;
  costs: number;
  skippedManualCosts: number;
  error?: string;
};

export const metaConexoes = pgTable(
  'meta_conexoes',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    tokenCifrado: text('token_cifrado').notNull(),
    tokenTipo: varchar('token_tipo', { length: 10 }).$type<MetaTokenKind>().notNull(),
    // null: Meta gave no expiry (a system user's token, or the short token kept after a failed exchange).
    expiraEm: timestamp('expira_em', { withTimezone: true }),
    metaUsuarioId: varchar('meta_usuario_id', { length: 64 }),
    metaUsuarioNome: varchar('meta_usuario_nome', { length: 200 }),
    idUsuario: integer('id_usuario').references(() => usuarios.id, { onDelete: 'set null' }),
    // The ad accounts the sync reads ('act_…'), all those the token sees unless the company narrows them.
    contasAnuncio: jsonb('contas_anuncio').$type<string[]>().notNull().default([]),
    idUnidadePadrao: integer('id_unidade_padrao').references(() => unidades.id, { onDelete: 'set null' }),
    ultimaSincronizacao: jsonb('ultima_sincronizacao').$type<MetaSyncSummary>(),
    // The daily job's claim (issue 23 §6): the last day whose spend it synced; one process per company per day.
    gastoSincronizadoAte: date('gasto_sincronizado_ate', { mode: 'string' }),
    ...stamps,
  },
  (t) => [uniqueIndex('meta_conexoes_empresa_uq').on(t.idEmpresa)],
);

export const metaPaginas = pgTable(
  'meta_paginas',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    // A page feeds one company: its webhooks find the company by page id (companyOfPage).
    pageId: varchar('page_id', { length: 64 }).notNull(),
    nome: varchar('nome', { length: 200 }).notNull(),
    tokenCifrado: text('token_cifrado').notNull(),
    // POST /{page-id}/subscribed_apps subscribed_fields=leadgen answered success.
    inscrita: boolean('inscrita').notNull().default(false),
    ...stamps,
  },
  (t) => [uniqueIndex('meta_paginas_page_uq').on(t.pageId), index('meta_paginas_empresa_idx').on(t.idEmpresa)],
);

export const metaFormularios = pgTable(
  'meta_formularios',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    idPagina: integer('id_pagina')
      .notNull()
      .references(() => metaPaginas.id, { onDelete: 'cascade' }),
    formId: varchar('form_id', { length: 64 }).notNull(),
    nome: varchar('nome', { length: 200 }).notNull(),
    // The unit this form's leads go to; null: the unit filters, then the company's default unit (issue 23 §2).
    idUnidade: integer('id_unidade').references(() => unidades.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [uniqueIndex('meta_formularios_form_uq').on(t.formId), index('meta_formularios_pagina_idx').on(t.idPagina)],
);

/**
 * The login dialog's pending `state` values (issue 23 §2, CSRF): the SHA-256 of a random value tied to
 * the session that asked for it, single use, ten minutes. The callback arrives without the session's
 * bearer header (a top-level navigation from Facebook), so the state is what says whose login it is.
 */
export const metaOauthEstados = pgTable(
  'meta_oauth_estados',
  {
    estadoHash: varchar('estado_hash', { length: 64 }).primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    idSessao: integer('id_sessao').notNull(),
    redirectUri: varchar('redirect_uri', { length: 500 }).notNull(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
  },
  (t) => [index('meta_oauth_estados_expira_idx').on(t.expiraEm)],
);
