// The catalogue's door (issue 7 §1): the company's funnels, the unit's allowed transitions, the
// potentials and the shared reference lists (000 §3 unit data; 001 §3 "Negotiation potential").
// Other modules read these tables only through these functions.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';

import type { Db, DbOrTx } from '../../db/handle.ts';
import {
  plataformas,
  potenciais,
  statusContato,
  statusMensagem,
  statusNegociacao,
  statusNegociacaoPermitidos,
  statusNegociacaoVenda,
} from './catalog.table.ts';

export async function negotiationStatuses(db: DbOrTx, idEmpresa: number) {
  return db
    .select()
    .from(statusNegociacao)
    .where(eq(statusNegociacao.idEmpresa, idEmpresa))
    .orderBy(asc(statusNegociacao.idFunil));
}

export async function saleStatuses(db: DbOrTx, idEmpresa: number) {
  return db
    .select()
    .from(statusNegociacaoVenda)
    .where(eq(statusNegociacaoVenda.idEmpresa, idEmpresa))
    .orderBy(asc(statusNegociacaoVenda.idFunilVenda));
}

/**
 * The company's negotiation status with this funnel order, held (FOR SHARE) until the caller's
 * transaction ends: a lead moved into it cannot meet its deletion half-way, because deleteStatus
 * locks the row FOR UPDATE before it counts the leads holding it.
 */
export async function holdNegotiationStatus(tx: DbOrTx, idEmpresa: number, idFunil: number) {
  const [row] = await tx
    .select({ id: statusNegociacao.id })
    .from(statusNegociacao)
    .where(and(eq(statusNegociacao.idEmpresa, idEmpresa), eq(statusNegociacao.idFunil, idFunil)))
    .for('share');
  return row ?? null;
}

/** The sale-status equivalent of holdNegotiationStatus. */
export async function holdSaleStatus(tx: DbOrTx, idEmpresa: number, idFunilVenda: number) {
  const [row] = await tx
    .select({ id: statusNegociacaoVenda.id })
    .from(statusNegociacaoVenda)
    .where(and(eq(statusNegociacaoVenda.idEmpresa, idEmpresa), eq(statusNegociacaoVenda.idFunilVenda, idFunilVenda)))
    .for('share');
  return row ?? null;
}

export async function allowedTransitions(db: DbOrTx, idUnidade: number) {
  return db
    .select({ de: statusNegociacaoPermitidos.de, para: statusNegociacaoPermitidos.para })
    .from(statusNegociacaoPermitidos)
    .where(eq(statusNegociacaoPermitidos.idUnidade, idUnidade));
}

export async function activePotentials(db: DbOrTx, idEmpresa: number) {
  return db
    .select()
    .from(potenciais)
    .where(and(eq(potenciais.idEmpresa, idEmpresa), eq(potenciais.ativo, 1)))
    .orderBy(asc(potenciais.nome));
}

/** The shared lists: contact statuses, message statuses and platforms. */
export async function referenceLists(db: DbOrTx) {
  const [contato, mensagem, plataforma] = await Promise.all([
    db.select().from(statusContato).orderBy(asc(statusContato.id)),
    db.select().from(statusMensagem).orderBy(asc(statusMensagem.id)),
    db.select().from(plataformas).orderBy(asc(plataformas.id)),
  ]);
  return { contato, mensagem, plataforma };
}

type PlatformRow = { id: number; nome: string };
// The platforms list changes only with a release (catalog-defaults): read once a minute, per database handle
// (a WeakMap keyed by the Db, so two apps or two databases in one process never read each other's list).
const platformsCache = new WeakMap<object, { at: number; rows: PlatformRow[] }>();

/** The plataformas rows, cached a minute per database handle (capture and Lead Ads intake read it per lead). */
export async function platformsCached(db: Db): Promise<PlatformRow[]> {
  const cached = platformsCache.get(db);
  if (cached && Date.now() - cached.at < 60_000) return cached.rows;
  const rows = (await referenceLists(db)).plataforma;
  platformsCache.set(db, { at: Date.now(), rows });
  return rows;
}

export type ListReferences = {
  negociacao: { id: number; nome: string; cor: string; idFunil: number }[];
  venda: { id: number; nome: string; cor: string; idFunilVenda: number }[];
  contato: { id: number; nome: string; cor: string }[];
  mensagem: { id: number; nome: string }[];
  plataforma: { id: number; nome: string }[];
};

/**
 * (Uncached) What the contact list answers beside the leads (002 §3): the company's two funnels and the
 * shared reference lists, read in one statement (one round trip instead of five).
 */
async function readContactListReferences(db: DbOrTx, idEmpresa: number): Promise<ListReferences> {
  const agg = (object: SQL, from: SQL) => sql`coalesce((select json_agg(${object}) from ${from}), '[]'::json)`;
  const [row] = await db
    .select({
      negociacao: sql<ListReferences['negociacao']>`${agg(
        sql`json_build_object('id', ${statusNegociacao.id}, 'nome', ${statusNegociacao.nome}, 'cor', ${statusNegociacao.cor},
          'idFunil', ${statusNegociacao.idFunil}) order by ${statusNegociacao.idFunil}`,
        sql`${statusNegociacao} where ${statusNegociacao.idEmpresa} = ${idEmpresa}`,
      )}`,
      venda: sql<ListReferences['venda']>`${agg(
        sql`json_build_object('id', ${statusNegociacaoVenda.id}, 'nome', ${statusNegociacaoVenda.nome},
          'cor', ${statusNegociacaoVenda.cor}, 'idFunilVenda', ${statusNegociacaoVenda.idFunilVenda})
          order by ${statusNegociacaoVenda.idFunilVenda}`,
        sql`${statusNegociacaoVenda} where ${statusNegociacaoVenda.idEmpresa} = ${idEmpresa}`,
      )}`,
      contato: sql<ListReferences['contato']>`${agg(
        sql`json_build_object('id', ${statusContato.id}, 'nome', ${statusContato.nome}, 'cor', ${statusContato.cor})
          order by ${statusContato.id}`,
        sql`${statusContato}`,
      )}`,
      mensagem: sql<ListReferences['mensagem']>`${agg(
        sql`json_build_object('id', ${statusMensagem.id}, 'nome', ${statusMensagem.nome}) order by ${statusMensagem.id}`,
        sql`${statusMensagem}`,
      )}`,
      plataforma: sql<ListReferences['plataforma']>`${agg(
        sql`json_build_object('id', ${plataformas.id}, 'nome', ${plataformas.nome}) order by ${plataformas.id}`,
        sql`${plataformas}`,
      )}`,
    })
    .from(sql`(select 1) as um`);
  if (!row) throw new Error('listas de referência não lidas');
  return row;
}

// The reference lists change only through this module's administration (statuses.service.ts
// calls invalidateListReferences after each commit), yet every contact-list read answers them: a
// cache per database and company saves a round trip and its JSON per list request (issue 8). A
// change made by another server process shows within the TTL.
export const LIST_REFERENCES_TTL_MS = 30_000;
type ReferencesEntry = { at: number; value: Promise<ListReferences> };
const referenceCaches = new WeakMap<object, Map<number, ReferencesEntry>>();

/**
 * What the contact list answers beside the leads (002 §3), cached per company for at most
 * LIST_REFERENCES_TTL_MS and dropped at once by this process's status changes. A company without
 * its funnels yet (mid-setup) is not kept.
 */
export function contactListReferences(db: DbOrTx, idEmpresa: number, now: number = Date.now()): Promise<ListReferences> {
  let cache = referenceCaches.get(db);
  if (!cache) {
    cache = new Map();
    referenceCaches.set(db, cache);
  }
  const hit = cache.get(idEmpresa);
  if (hit && now - hit.at < LIST_REFERENCES_TTL_MS) return hit.value;
  const entry: ReferencesEntry = { at: now, value: readContactListReferences(db, idEmpresa) };
  cache.set(idEmpresa, entry);
  const companies = cache;
  entry.value.then(
    (refs) => {
      if (refs.negociacao.length === 0 && companies.get(idEmpresa) === entry) companies.delete(idEmpresa);
    },
    () => {
      if (companies.get(idEmpresa) === entry) companies.delete(idEmpresa);
    },
  );
  return entry.value;
}

/** After a committed change of a company's statuses (or of every company's, without `idEmpresa`). */
export function invalidateListReferences(db: DbOrTx, idEmpresa?: number): void {
  const cache = referenceCaches.get(db);
  if (!cache) return;
  if (idEmpresa === undefined) cache.clear();
  else cache.delete(idEmpresa);
}
