// What the Lead Ads intake needs of Meta (issue 23 §2): the company a page is connected to and a
// Graph GET on behalf of that page. The connection and the Graph client belong to the meta module
// (modules/meta/meta.service.ts, integrations/meta/); this is the small adapter the intake depends
// on (metaModuleGraph below), narrow enough for the bench to drive the intake the same way.
import type { DbOrTx } from '../../db/handle.ts';
import { isRateLimitCode, MetaGraphError } from '../../integrations/meta/meta-error.ts';
import { companyOfPage, pageAccess, type MetaRuntime } from '../meta/meta.service.ts';

export type LeadAdsGraph = {
  /** The company connected to this Facebook page, or null. */
  companyOfPage(db: DbOrTx, pageId: string): Promise<number | null>;
  /** GET /{path} with the page's access (token and appsecret_proof); throws GraphCallError. */
  get(
    db: DbOrTx,
    idEmpresa: number,
    pageId: string,
    path: string,
    params: Record<string, string>,
  ): Promise<Record<string, unknown>>;
};

export class GraphCallError extends Error {
  readonly code: number;
  readonly subcode: number | null;
  /** estimated_time_to_regain_access (minutes) of the usage header, when Meta gave one. */
  readonly regainMinutes: number | null;
  readonly transient: boolean;
  constructor(input: {
    message: string;
    code: number;
    subcode?: number | null;
    regainMinutes?: number | null;
    transient?: boolean;
  }) {
    super(input.message);
    this.name = 'GraphCallError';
    this.code = input.code;
    this.subcode = input.subcode ?? null;
    this.regainMinutes = input.regainMinutes ?? null;
    this.transient = input.transient ?? false;
  }
  /** Worth another try later: a rate limit, Meta's transient codes 1 and 2, a network failure (code 0). */
  get retryable(): boolean {
    return this.transient || isRateLimitCode(this.code) || this.code === 1 || this.code === 2 || this.code === 0;
  }
}

/**
 * The intake's Graph through the meta module (h-meta): the page's company (`companyOfPage`) and a
 * call with the page's own token (`pageAccess`: every call and page signed with appsecret_proof);
 * the client's MetaGraphError becomes a GraphCallError with Meta's regain time.
 */
export function metaModuleGraph(runtime: MetaRuntime | null): LeadAdsGraph {
  return {
    companyOfPage: (db, pageId) => companyOfPage(db, pageId),
    async get(db, idEmpresa, pageId, path, params) {
      const access = await pageAccess(db, pageId, runtime);
      if (!access || access.idEmpresa !== idEmpresa)
        throw new GraphCallError({ message: 'a página não tem um token válido nesta conexão', code: 190 });
      try {
        return await access.graph.get(path, params);
      } catch (err) {
        if (err instanceof MetaGraphError)
          throw new GraphCallError({
            message: err.message,
            code: err.kind === 'network' ? 0 : err.code,
            subcode: err.subcode,
            regainMinutes: err.regainAccessMinutes,
            transient: err.retryable,
          });
        throw err;
      }
    },
  };
}
