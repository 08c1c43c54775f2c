// The meta module's door (issue 23 §2): a company's Meta connection for the other modules. The
// Lead Ads webhook and its job (another module) ask `companyOfPage` and `pageAccess` for a page's
// company and token, and `metaAccessFor` for the company's Graph session, default unit and forms;
// the ads sync and the insights screen use `metaAccessFor` too. Tokens leave this module only as a
// Graph session that signs every call (integrations/meta/graph-client.ts).
import { and, eq } from 'drizzle-orm';

import type { DbOrTx } from '../../db/handle.ts';
import {
  createMetaGraphClient,
  DEFAULT_META_API_VERSION,
  type GraphSession,
  type MetaGraphClient,
  type MetaLogger,
} from '../../integrations/meta/graph-client.ts';
import { decryptToken } from './meta-crypto.ts';
import { metaConexoes, metaFormularios, metaPaginas, type MetaTokenKind } from './meta.table.ts';

export type { MetaTokenKind, MetaSyncSummary } from './meta.table.ts';

/** The server's Meta settings (env META_*; the emulator's in the demo and tests). */
export type MetaOptions = {
  appId: string;
  appSecret: string;
  /** https://graph.facebook.com or the emulator's URL. */
  graphUrl: string;
  /** https://www.facebook.com or the emulator's URL. */
  dialogUrl: string;
  version?: string | undefined;
  /** 32 bytes (meta-crypto.ts metaTokenKey): the tokens at rest are encrypted with it. */
  tokenKey: Buffer;
  /** Funil's public address, for the login's redirect_uri (env PUBLIC_URL); else the request's own. */
  publicUrl?: string | undefined;
  fetch?: typeof fetch | undefined;
};

/** The configured client and key, one per server (buildApp's `meta` option). */
export type MetaRuntime = { client: MetaGraphClient; tokenKey: Buffer; options: MetaOptions };

/**
 * Builds a server's Meta runtime from its options (null: Meta is not configured). Each app owns the one
 * it built (buildApp decorates it as `app.metaRuntime` and hands it to the routes and jobs that call
 * Meta): nothing in the process keeps a "current" runtime, so two apps in one process (the tests, a
 * demo beside a test server) each sign with their own app secret and call their own Graph address.
 */
export function createMetaRuntime(options: MetaOptions | undefined, logger?: MetaLogger): MetaRuntime | null {
  if (!options) return null;
  const client = createMetaGraphClient({
    appId: options.appId,
    appSecret: options.appSecret,
    graphUrl: options.graphUrl,
    dialogUrl: options.dialogUrl,
    version: options.version ?? DEFAULT_META_API_VERSION,
    ...(logger ? { logger } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return { client, tokenKey: options.tokenKey, options };
}

export type MetaFormAccess = { formId: string; pageId: string; nome: string; idUnidade: number | null };

export type MetaAccess = {
  idEmpresa: number;
  /** A Graph session bound to the company's token: every call and every page signed. */
  graph: GraphSession;
  client: MetaGraphClient;
  tokenKind: MetaTokenKind;
  expiresAt: Date | null;
  adAccountIds: string[];
  /** The unit a lead goes to when no filter and no form assignment matches (issue 23 §2); null when not chosen. */
  defaultUnitId: number | null;
  /** The chosen lead forms, each with its assigned unit (null: routed by the unit filters). */
  forms: MetaFormAccess[];
};

/**
 * A company's Meta access, or null when it has no connection, Meta is not configured, or its token
 * cannot be opened (another key). An expired token still answers: the Graph call fails with a token error.
 */
export async function metaAccessFor(db: DbOrTx, idEmpresa: number, runtime: MetaRuntime | null): Promise<MetaAccess | null> {
  if (!runtime) return null;
  const [conn] = await db.select().from(metaConexoes).where(eq(metaConexoes.idEmpresa, idEmpresa));
  if (!conn) return null;
  const token = decryptToken(runtime.tokenKey, conn.tokenCifrado);
  if (token === null) return null;
  const forms = await formsOfCompany(db, idEmpresa);
  return {
    idEmpresa,
    graph: runtime.client.session(token),
    client: runtime.client,
    tokenKind: conn.tokenTipo,
    expiresAt: conn.expiraEm,
    adAccountIds: conn.contasAnuncio,
    defaultUnitId: conn.idUnidadePadrao,
    forms,
  };
}

export type MetaConnectionFacts = Pick<MetaAccess, 'idEmpresa' | 'defaultUnitId' | 'forms'>;

/**
 * What a company chose on its Meta connection (default unit, forms and their units), read without its
 * token: the Lead Ads intake routes a lead and its screen names the forms with it. Null without a connection.
 */
export async function metaConnectionFacts(db: DbOrTx, idEmpresa: number): Promise<MetaConnectionFacts | null> {
  const [conn] = await db
    .select({ idUnidadePadrao: metaConexoes.idUnidadePadrao })
    .from(metaConexoes)
    .where(eq(metaConexoes.idEmpresa, idEmpresa));
  if (!conn) return null;
  return { idEmpresa, defaultUnitId: conn.idUnidadePadrao, forms: await formsOfCompany(db, idEmpresa) };
}

function formsOfCompany(db: DbOrTx, idEmpresa: number): Promise<MetaFormAccess[]> {
  return db
    .select({
      formId: metaFormularios.formId,
      pageId: metaPaginas.pageId,
      nome: metaFormularios.nome,
      idUnidade: metaFormularios.idUnidade,
    })
    .from(metaFormularios)
    .innerJoin(metaPaginas, eq(metaPaginas.id, metaFormularios.idPagina))
    .where(eq(metaFormularios.idEmpresa, idEmpresa));
}

/** The company a Facebook page feeds (a Lead Ads webhook's `entry[].id`), or null when no company chose it. */
export async function companyOfPage(db: DbOrTx, pageId: string): Promise<number | null> {
  const [row] = await db.select({ idEmpresa: metaPaginas.idEmpresa }).from(metaPaginas).where(eq(metaPaginas.pageId, pageId));
  return row?.idEmpresa ?? null;
}

export type PageAccess = { idEmpresa: number; pageId: string; nome: string; token: string; graph: GraphSession };

/** A chosen page's token and a Graph session bound to it (GET /{leadgen_id} with the page token), or null. */
export async function pageAccess(db: DbOrTx, pageId: string, runtime: MetaRuntime | null): Promise<PageAccess | null> {
  if (!runtime) return null;
  const [row] = await db.select().from(metaPaginas).where(eq(metaPaginas.pageId, pageId));
  if (!row) return null;
  const token = decryptToken(runtime.tokenKey, row.tokenCifrado);
  if (token === null) return null;
  return { idEmpresa: row.idEmpresa, pageId: row.pageId, nome: row.nome, token, graph: runtime.client.session(token) };
}

/** A chosen form of a company with its unit, or null (the form is not one the company chose). */
export async function formOfCompany(db: DbOrTx, idEmpresa: number, formId: string): Promise<MetaFormAccess | null> {
  const [row] = await db
    .select({
      formId: metaFormularios.formId,
      pageId: metaPaginas.pageId,
      nome: metaFormularios.nome,
      idUnidade: metaFormularios.idUnidade,
    })
    .from(metaFormularios)
    .innerJoin(metaPaginas, eq(metaPaginas.id, metaFormularios.idPagina))
    .where(and(eq(metaFormularios.idEmpresa, idEmpresa), eq(metaFormularios.formId, formId)));
  return row ?? null;
}

/** Issue 24: the companies with a Meta connection (the insights refresh's companies). */
export async function connectedCompanies(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ idEmpresa: metaConexoes.idEmpresa }).from(metaConexoes);
  return rows.map((r) => r.idEmpresa);
}
