// A company's Meta connection (issue 23 §2, 002 §7 'OAuth exchange'), for the super-admin and the
// company admin (ag) of the session's company: the login done on the server (state tied to the
// session, code → short-lived token → long-lived token; a failed exchange keeps the short token with
// no expiry), a pasted system-user token, disconnect, the pages and lead forms that feed the company
// (each page subscribed to `leadgen` with its page token), the default unit and a unit per form.
// The app secret and every token stay here: the browser gets the dialog's address and the status.
import { createHash, randomBytes } from 'node:crypto';

import { and, eq, inArray, lt, notInArray } from 'drizzle-orm';

import {
  EXPIRY_WARNING_DAYS,
  expiryWarning,
  META_MESSAGES,
  rateLimitedMessage,
  type MetaAvailablePages,
  type MetaPagesChoice,
  type MetaSettings,
  type MetaStatus,
} from '@funil/domain/meta/meta-api';

import type { Db, DbOrTx } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import { metaNumber, type GraphSession } from '../../integrations/meta/graph-client.ts';
import { MetaGraphError } from '../../integrations/meta/meta-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { endedSessionIds } from '../auth/auth.service.ts';
import type { Actor } from '../tenancy/admin-scope.service.ts';
import { activeUnitOfCompany, activeUnitsOfCompany } from '../tenancy/tenancy.service.ts';
import { userById, userName } from '../users/users.service.ts';
import { decryptToken, encryptToken } from './meta-crypto.ts';
import { metaAccessFor, type MetaRuntime } from './meta.service.ts';
import { metaConexoes, metaFormularios, metaOauthEstados, metaPaginas, type MetaTokenKind } from './meta.table.ts';

/** The permissions the login dialog asks for (Lead Ads, pages, the ads catalogue and insights). */
export const META_SCOPES = [
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_metadata',
  'pages_manage_ads',
  'leads_retrieval',
  'ads_read',
  'business_management',
] as const;

const STATE_TTL_MS = 10 * 60_000;
/** The cookie that ties the dialog's state to the browser that asked (SameSite=Lax: sent on Facebook's redirect back). */
export const STATE_COOKIE = 'funil_meta_estado';
const DAY_MS = 86_400_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function requireRuntime(runtime: MetaRuntime | null): MetaRuntime {
  if (!runtime) throw new DomainError('conflict', META_MESSAGES.notConfigured);
  return runtime;
}

/** A Graph failure as the API answers it: 429 with Meta's wait, a token problem, or Meta unavailable. */
export function metaFailure(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof MetaGraphError) {
    if (error.kind === 'rate-limit')
      return new DomainError('too_many', rateLimitedMessage(error.regainAccessMinutes), {
        retryAfterSeconds: Math.max(60, (error.regainAccessMinutes ?? 1) * 60),
      });
    if (error.kind === 'token') return new DomainError('gateway', META_MESSAGES.tokenInvalid);
    return new DomainError('gateway', META_MESSAGES.metaUnavailable);
  }
  throw error;
}

/** The redirect_uri of the login (Funil's public address, else the request's own origin). */
export const redirectUriOf = (runtime: MetaRuntime, requestOrigin: string): string =>
  `${(runtime.options.publicUrl ?? requestOrigin).replace(/\/+$/, '')}/api/meta/retorno`;

/** GET /api/meta/conectar: a single-use state tied to this session and the dialog's address. */
export async function startLogin(db: Db, runtime: MetaRuntime, actor: Actor, requestOrigin: string, now = new Date()) {
  const state = randomBytes(24).toString('base64url');
  const redirectUri = redirectUriOf(runtime, requestOrigin);
  await db.delete(metaOauthEstados).where(lt(metaOauthEstados.expiraEm, now));
  await db.insert(metaOauthEstados).values({
    estadoHash: sha256(state),
    idEmpresa: actor.empresaId,
    idUsuario: actor.userId,
    idSessao: actor.sessionId,
    redirectUri,
    expiraEm: new Date(now.getTime() + STATE_TTL_MS),
  });
  return { state, url: runtime.client.dialogUrl({ redirectUri, state, scope: META_SCOPES }) };
}

export type LoginOutcome = { ok: true; message: string } | { ok: false; message: string };

/** May this user (still) connect this company's Meta account: super-admin, or ag of that company, active. */
async function mayConnect(db: DbOrTx, idUsuario: number, idEmpresa: number): Promise<boolean> {
  const user = await userById(db, idUsuario);
  if (!user || user.ativo !== 1) return false;
  return user.permissao === 'sa' || (user.permissao === 'ag' && user.idEmpresa === idEmpresa);
}

/** GET /api/meta/retorno: Facebook's redirect back. Never throws for a bad state: the screen shows why. */
export async function finishLogin(
  db: Db,
  runtime: MetaRuntime,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  cookieState: string | null,
  now = new Date(),
): Promise<LoginOutcome> {
  if (!query.state || cookieState === null || cookieState !== query.state)
    return { ok: false, message: META_MESSAGES.stateInvalid };
  const [pending] = await db
    .delete(metaOauthEstados)
    .where(eq(metaOauthEstados.estadoHash, sha256(query.state)))
    .returning();
  if (!pending || pending.expiraEm.getTime() < now.getTime()) return { ok: false, message: META_MESSAGES.stateInvalid };
  if ((await endedSessionIds(db, [pending.idSessao])).length > 0 || !(await mayConnect(db, pending.idUsuario, pending.idEmpresa)))
    return { ok: false, message: META_MESSAGES.stateInvalid };
  if (query.error || !query.code) return { ok: false, message: META_MESSAGES.denied };

  let token: string;
  let kind: MetaTokenKind;
  let expiresAt: Date | null;
  try {
    const short = await runtime.client.exchangeCode({ code: query.code, redirectUri: pending.redirectUri });
    try {
      const long = await runtime.client.exchangeLongLived(short.accessToken);
      token = long.accessToken;
      kind = 'longo';
      expiresAt = long.expiresIn ? new Date(now.getTime() + long.expiresIn * 1000) : null;
    } catch {
      // 002 §7: when the long-lived exchange fails, the short-lived token is kept, with no expiry.
      token = short.accessToken;
      kind = 'curto';
      expiresAt = null;
    }
  } catch {
    return { ok: false, message: META_MESSAGES.connectFailed };
  }
  try {
    await storeConnection(db, runtime, { idEmpresa: pending.idEmpresa, idUsuario: pending.idUsuario, token, kind, expiresAt });
  } catch {
    return { ok: false, message: META_MESSAGES.connectFailed };
  }
  return { ok: true, message: kind === 'curto' ? META_MESSAGES.shortToken : META_MESSAGES.connected };
}

async function storeConnection(
  db: Db,
  runtime: MetaRuntime,
  input: { idEmpresa: number; idUsuario: number; token: string; kind: MetaTokenKind; expiresAt: Date | null },
) {
  const graph = runtime.client.session(input.token);
  const me = await graph.get<{ id: string; name?: string }>('me', { fields: 'id,name' });
  const accounts = await graph
    .getAll<{ id: string }>('me/adaccounts', { fields: 'id', limit: 100 })
    .catch(() => [] as { id: string }[]);
  const values = {
    tokenCifrado: encryptToken(runtime.tokenKey, input.token),
    tokenTipo: input.kind,
    expiraEm: input.expiresAt,
    metaUsuarioId: me.id,
    metaUsuarioNome: me.name?.slice(0, 200) ?? null,
    idUsuario: input.idUsuario,
    contasAnuncio: accounts.map((a) => a.id),
    dataAtualizacao: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(metaConexoes)
      .values({ idEmpresa: input.idEmpresa, ...values })
      .onConflictDoUpdate({ target: metaConexoes.idEmpresa, set: values });
    const user = await userById(tx, input.idUsuario);
    await recordAudit(tx, {
      session: user ? { userId: user.id, nome: user.nome, empresaId: input.idEmpresa, unidadeId: user.idUnidade } : null,
      entity: 'meta_conexao',
      entityId: input.idEmpresa,
      action: 'create',
      after: { tipo: input.kind, expira_em: input.expiresAt?.toISOString() ?? null, usuario_meta: me.name ?? me.id },
      scope: { idEmpresa: input.idEmpresa, idUnidade: null },
    });
  });
}

/** POST /api/meta/token: a system user's token (Business Manager), checked with Meta before it is kept. */
export async function connectSystemToken(db: Db, runtime: MetaRuntime, actor: Actor, token: string): Promise<void> {
  const appToken = `${runtime.client.appId}|${runtime.options.appSecret}`;
  try {
    const debug = await runtime.client
      .session(appToken)
      .get<{ data?: { is_valid?: boolean; expires_at?: number | string; app_id?: string } }>('debug_token', {
        input_token: token,
      });
    if (debug.data?.is_valid !== true || (debug.data.app_id && debug.data.app_id !== runtime.client.appId))
      throw new DomainError('invalid', META_MESSAGES.systemTokenInvalid);
    const expires = metaNumber(debug.data.expires_at);
    const expiresAt = expires ? new Date(expires * 1000) : null;
    await storeConnection(db, runtime, {
      idEmpresa: actor.empresaId,
      idUsuario: actor.userId,
      token,
      kind: 'sistema',
      expiresAt,
    });
  } catch (error) {
    if (error instanceof MetaGraphError && (error.kind === 'token' || error.kind === 'invalid'))
      throw new DomainError('invalid', META_MESSAGES.systemTokenInvalid);
    throw metaFailure(error);
  }
}

/** Undoes the leadgen subscription of pages leaving the company, where Meta still takes their token (best effort). */
async function unsubscribePages(runtime: MetaRuntime, pages: readonly { pageId: string; tokenCifrado: string }[]): Promise<void> {
  for (const page of pages) {
    const token = decryptToken(runtime.tokenKey, page.tokenCifrado);
    if (token)
      await runtime.client
        .session(token)
        .delete(`${page.pageId}/subscribed_apps`)
        .catch(() => null);
  }
}

/** DELETE /api/meta/conexao: the company's token, pages (their subscriptions undone where Meta allows) and forms go. */
export async function disconnect(db: Db, runtime: MetaRuntime | null, actor: Actor): Promise<void> {
  const pages = await db.select().from(metaPaginas).where(eq(metaPaginas.idEmpresa, actor.empresaId));
  if (runtime) await unsubscribePages(runtime, pages);
  await db.transaction(async (tx) => {
    await tx.delete(metaFormularios).where(eq(metaFormularios.idEmpresa, actor.empresaId));
    await tx.delete(metaPaginas).where(eq(metaPaginas.idEmpresa, actor.empresaId));
    const gone = await tx
      .delete(metaConexoes)
      .where(eq(metaConexoes.idEmpresa, actor.empresaId))
      .returning({ id: metaConexoes.id });
    if (gone.length > 0)
      await recordAudit(tx, {
        session: actor,
        entity: 'meta_conexao',
        entityId: actor.empresaId,
        action: 'delete',
        before: { paginas: pages.length },
        scope: { idEmpresa: actor.empresaId, idUnidade: null },
      });
  });
}

/** GET /api/meta/conexao. */
export async function connectionStatus(db: Db, runtime: MetaRuntime | null, actor: Actor, now = new Date()): Promise<MetaStatus> {
  const [conn] = await db.select().from(metaConexoes).where(eq(metaConexoes.idEmpresa, actor.empresaId));
  const units = (await activeUnitsOfCompany(db, actor.empresaId)).map((u) => ({ id: u.id, nome: u.nome }));
  const pages = await db.select().from(metaPaginas).where(eq(metaPaginas.idEmpresa, actor.empresaId)).orderBy(metaPaginas.nome);
  const forms = await db
    .select()
    .from(metaFormularios)
    .where(eq(metaFormularios.idEmpresa, actor.empresaId))
    .orderBy(metaFormularios.nome);
  const daysLeft = conn?.expiraEm ? Math.ceil((conn.expiraEm.getTime() - now.getTime()) / DAY_MS) : null;
  return {
    configured: runtime !== null,
    connected: conn !== undefined,
    tokenKind: conn?.tokenTipo ?? null,
    expiresAt: conn?.expiraEm?.toISOString() ?? null,
    daysLeft,
    warning: daysLeft !== null && daysLeft <= EXPIRY_WARNING_DAYS ? expiryWarning(daysLeft) : null,
    metaUserName: conn?.metaUsuarioNome ?? null,
    connectedBy: conn ? await userName(db, conn.idUsuario) : null,
    adAccountIds: conn?.contasAnuncio ?? [],
    defaultUnitId: conn?.idUnidadePadrao ?? null,
    units,
    pages: pages.map((p) => ({
      pageId: p.pageId,
      nome: p.nome,
      inscrita: p.inscrita,
      forms: forms.filter((f) => f.idPagina === p.id).map((f) => ({ formId: f.formId, nome: f.nome, idUnidade: f.idUnidade })),
    })),
    lastSync: conn?.ultimaSincronizacao ?? null,
  };
}

type MetaPage = { id: string; name: string; access_token?: string };
type MetaForm = { id: string; name: string; status?: string };

async function connectedAccess(db: Db, runtime: MetaRuntime, actor: Actor) {
  const access = await metaAccessFor(db, actor.empresaId, runtime);
  if (!access) throw new DomainError('conflict', META_MESSAGES.notConnected);
  return access;
}

async function pagesOfUser(graph: GraphSession): Promise<MetaPage[]> {
  return graph.getAll<MetaPage>('me/accounts', { fields: 'id,name,access_token', limit: 100 });
}

/** GET /api/meta/paginas: the user's pages and their lead forms, with the company's choice. */
export async function availablePages(db: Db, runtime: MetaRuntime, actor: Actor): Promise<MetaAvailablePages> {
  const access = await connectedAccess(db, runtime, actor);
  try {
    const pages = await pagesOfUser(access.graph);
    const chosenPages = await db.select().from(metaPaginas).where(eq(metaPaginas.idEmpresa, actor.empresaId));
    const chosenForms = new Map(access.forms.map((f) => [f.formId, f]));
    const data = [];
    for (const page of pages) {
      const session = page.access_token ? runtime.client.session(page.access_token) : access.graph;
      const forms = await session.getAll<MetaForm>(`${page.id}/leadgen_forms`, { fields: 'id,name,status', limit: 100 });
      const chosen = chosenPages.find((p) => p.pageId === page.id);
      data.push({
        pageId: page.id,
        nome: page.name,
        chosen: chosen !== undefined,
        inscrita: chosen?.inscrita ?? false,
        forms: forms.map((f) => ({
          formId: f.id,
          nome: f.name,
          status: f.status ?? 'ACTIVE',
          chosen: chosenForms.has(f.id),
          idUnidade: chosenForms.get(f.id)?.idUnidade ?? null,
        })),
      });
    }
    const accounts = await access.graph
      .getAll<{ id: string; name?: string }>('me/adaccounts', { fields: 'id,name', limit: 100 })
      .catch(() => [] as { id: string; name?: string }[]);
    return { data, adAccounts: accounts.map((a) => ({ id: a.id, nome: a.name ?? a.id })) };
  } catch (error) {
    throw metaFailure(error);
  }
}

/** PUT /api/meta/paginas: the pages and forms that feed the company; new pages are subscribed to `leadgen`. */
export async function savePages(db: Db, runtime: MetaRuntime, actor: Actor, choice: MetaPagesChoice): Promise<void> {
  const access = await connectedAccess(db, runtime, actor);
  const unitIds = new Set((await activeUnitsOfCompany(db, actor.empresaId)).map((u) => u.id));
  for (const page of choice.pages)
    for (const form of page.forms)
      if (form.idUnidade !== null && !unitIds.has(form.idUnidade)) throw new DomainError('invalid', META_MESSAGES.unitUnknown);
  const pageIds = choice.pages.map((p) => p.pageId);
  if (new Set(pageIds).size !== pageIds.length) throw new DomainError('invalid', META_MESSAGES.pageUnknown);
  if (pageIds.length > 0) {
    const taken = await db
      .select({ pageId: metaPaginas.pageId })
      .from(metaPaginas)
      .where(and(inArray(metaPaginas.pageId, pageIds), notInArray(metaPaginas.idEmpresa, [actor.empresaId])));
    if (taken.length > 0) throw new DomainError('conflict', META_MESSAGES.pageOtherCompany);
  }
  const existing = await db.select().from(metaPaginas).where(eq(metaPaginas.idEmpresa, actor.empresaId));
  const resolved: {
    page: MetaPage & { access_token: string };
    forms: { form: MetaForm; idUnidade: number | null }[];
    subscribed: boolean;
  }[] = [];
  try {
    const mine = pageIds.length > 0 ? await pagesOfUser(access.graph) : [];
    for (const wanted of choice.pages) {
      const page = mine.find((p) => p.id === wanted.pageId);
      if (!page || !page.access_token) throw new DomainError('invalid', META_MESSAGES.pageUnknown);
      const pageGraph = runtime.client.session(page.access_token);
      const forms = await pageGraph.getAll<MetaForm>(`${page.id}/leadgen_forms`, { fields: 'id,name,status', limit: 100 });
      const picked = wanted.forms.map((f) => {
        const form = forms.find((x) => x.id === f.formId);
        if (!form) throw new DomainError('invalid', META_MESSAGES.formUnknown);
        return { form, idUnidade: f.idUnidade };
      });
      let subscribed = existing.find((p) => p.pageId === page.id)?.inscrita ?? false;
      if (!subscribed) {
        const answer = await pageGraph.post<{ success?: boolean }>(`${page.id}/subscribed_apps`, {
          subscribed_fields: 'leadgen',
        });
        if (answer.success !== true) throw new DomainError('gateway', META_MESSAGES.subscribeFailed);
        subscribed = true;
      }
      resolved.push({ page: { ...page, access_token: page.access_token }, forms: picked, subscribed });
    }
  } catch (error) {
    if (error instanceof MetaGraphError && error.kind === 'permission')
      throw new DomainError('gateway', META_MESSAGES.subscribeFailed);
    throw metaFailure(error);
  }
  const dropped = existing.filter((p) => !pageIds.includes(p.pageId));
  await unsubscribePages(runtime, dropped);
  await db.transaction(async (tx) => {
    if (dropped.length > 0)
      await tx.delete(metaPaginas).where(
        inArray(
          metaPaginas.id,
          dropped.map((p) => p.id),
        ),
      );
    for (const { page, forms, subscribed } of resolved) {
      const values = {
        nome: page.name.slice(0, 200),
        tokenCifrado: encryptToken(runtime.tokenKey, page.access_token),
        inscrita: subscribed,
        dataAtualizacao: new Date(),
      };
      const [row] = await tx
        .insert(metaPaginas)
        .values({ idEmpresa: actor.empresaId, pageId: page.id, ...values })
        .onConflictDoUpdate({ target: metaPaginas.pageId, set: values })
        .returning();
      const formIds = forms.map((f) => f.form.id);
      await tx
        .delete(metaFormularios)
        .where(
          and(eq(metaFormularios.idPagina, row!.id), formIds.length ? notInArray(metaFormularios.formId, formIds) : undefined),
        );
      for (const { form, idUnidade } of forms) {
        const formValues = { nome: form.name.slice(0, 200), idUnidade, dataAtualizacao: new Date() };
        await tx
          .insert(metaFormularios)
          .values({ idEmpresa: actor.empresaId, idPagina: row!.id, formId: form.id, ...formValues })
          .onConflictDoUpdate({
            target: metaFormularios.formId,
            set: { ...formValues, idPagina: row!.id, idEmpresa: actor.empresaId },
          });
      }
    }
    await recordAudit(tx, {
      session: actor,
      entity: 'meta_paginas',
      entityId: actor.empresaId,
      action: 'update',
      before: { paginas: existing.map((p) => p.pageId).join(',') },
      after: { paginas: pageIds.join(','), formularios: choice.pages.flatMap((p) => p.forms.map((f) => f.formId)).join(',') },
      scope: { idEmpresa: actor.empresaId, idUnidade: null },
    });
  });
}

/** PUT /api/meta/configuracao: the default unit and the ad accounts the sync reads. */
export async function saveSettings(db: Db, actor: Actor, settings: MetaSettings): Promise<void> {
  const [conn] = await db.select().from(metaConexoes).where(eq(metaConexoes.idEmpresa, actor.empresaId));
  if (!conn) throw new DomainError('conflict', META_MESSAGES.notConnected);
  if (settings.idUnidadePadrao !== null && !(await activeUnitOfCompany(db, actor.empresaId, settings.idUnidadePadrao)))
    throw new DomainError('invalid', META_MESSAGES.unitUnknown);
  await db.transaction(async (tx) => {
    await tx
      .update(metaConexoes)
      .set({
        idUnidadePadrao: settings.idUnidadePadrao,
        ...(settings.contasAnuncio !== undefined ? { contasAnuncio: [...new Set(settings.contasAnuncio)] } : {}),
        dataAtualizacao: new Date(),
      })
      .where(eq(metaConexoes.id, conn.id));
    await recordAudit(tx, {
      session: actor,
      entity: 'meta_conexao',
      entityId: actor.empresaId,
      action: 'update',
      before: { unidade_padrao: conn.idUnidadePadrao, contas: conn.contasAnuncio.join(',') },
      after: {
        unidade_padrao: settings.idUnidadePadrao,
        contas: (settings.contasAnuncio ?? conn.contasAnuncio).join(','),
      },
      scope: { idEmpresa: actor.empresaId, idUnidade: null },
    });
  });
}
