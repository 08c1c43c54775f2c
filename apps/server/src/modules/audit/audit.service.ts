// The audit module's door: every administration write records who changed what (issue 10 "API").
// Pass the write's transaction as `db` and the record commits or rolls back with the change.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';

import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntity,
  type AuditQuery,
  type AuditRow,
} from '@funil/domain/admin-api/audit';

import type { DbOrTx } from '../../db/handle.ts';
import { auditoria } from './audit.table.ts';

/** The author of a change: a request's session, or null for the first-run setup and start-up. */
export type AuditAuthor = { userId: number; nome: string; empresaId: number; unidadeId: number } | null;

export type AuditInput = {
  session: AuditAuthor;
  entity: AuditEntity;
  entityId: number;
  action: AuditAction;
  before?: Record<string, unknown> | null | undefined;
  after?: Record<string, unknown> | null | undefined;
  /** The company and unit the changed record belongs to; defaults to the author's. null unit: company-wide. */
  scope?: { idEmpresa: number | null; idUnidade: number | null } | undefined;
};

// Never stored, whatever a caller passes: secrets and password hashes.
const SECRET_FIELDS = new Set([
  'senha',
  'senhaHash',
  'senha_hash',
  'token',
  'tokenWhatsappNovo',
  'token_whatsapp_novo',
  'tokenWhatsapp',
]);

const comparable = (value: unknown): unknown =>
  value instanceof Date ? value.toISOString() : value === undefined ? null : value;

/** The fields whose value differs between before and after, as { campo: { antes, depois } }. */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
) {
  const changes: Record<string, { antes: unknown; depois: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const antes = comparable(before?.[key]);
    const depois = comparable(after?.[key]);
    if (JSON.stringify(antes) === JSON.stringify(depois)) continue;
    // A secret's change is recorded without its value.
    changes[key] = SECRET_FIELDS.has(key) ? { antes: null, depois: '(alterada)' } : { antes, depois };
  }
  return changes;
}

/** Records one administration write; an update that changed nothing records nothing. */
export async function recordAudit(db: DbOrTx, input: AuditInput): Promise<void> {
  const alteracoes = changedFields(input.before, input.after);
  if (input.action === 'update' && Object.keys(alteracoes).length === 0) return;
  const { session } = input;
  await db.insert(auditoria).values({
    idEmpresa: input.scope ? input.scope.idEmpresa : (session?.empresaId ?? null),
    idUnidade: input.scope ? input.scope.idUnidade : (session?.unidadeId ?? null),
    idUsuario: session?.userId ?? null,
    nomeUsuario: session?.nome ?? 'Sistema',
    entidade: input.entity,
    idEntidade: input.entityId,
    acao: input.action,
    alteracoes,
  });
}

/** Who reads which records: the super-admin every one, a company admin the company's, a unit admin the unit's. */
export type AuditReader =
  { kind: 'all' } | { kind: 'company'; idEmpresa: number } | { kind: 'unit'; idEmpresa: number; idUnidade: number };

export async function auditPage(
  db: DbOrTx,
  reader: AuditReader,
  query: AuditQuery,
): Promise<{ rows: AuditRow[]; total: number }> {
  const filters: SQL[] = [];
  if (reader.kind !== 'all') filters.push(eq(auditoria.idEmpresa, reader.idEmpresa));
  if (reader.kind === 'unit') filters.push(eq(auditoria.idUnidade, reader.idUnidade));
  if (query.entidade) filters.push(eq(auditoria.entidade, query.entidade));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditoria)
      .where(where)
      .orderBy(desc(auditoria.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.pagina - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditoria).where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    rows: rows.map((r) => ({
      ...r,
      acao: r.acao as AuditAction,
      alteracoes: r.alteracoes as AuditRow['alteracoes'],
      datacad: r.datacad.toISOString(),
    })),
  };
}
