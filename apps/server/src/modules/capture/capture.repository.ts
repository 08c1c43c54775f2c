// The capture URL's idempotency keys (captacao_chaves): the first post of a key claims it in its
// transaction; a retry reads the first answer. A key older than the retention counts as new.
import { sql, type SQL } from 'drizzle-orm';

import { CAPTURE_IDEMPOTENCY_DAYS, type CaptureResponse } from '@funil/domain/capture/capture-api';

import { executeRows, type Db, type DbOrTx } from '../../db/handle.ts';
import { captacaoChaves } from './capture.table.ts';

const RETENTION = sql.raw(`interval '${CAPTURE_IDEMPOTENCY_DAYS} days'`);

/**
 * The claim of the key for this post with its answer, as a statement part that returns a row when it
 * claims and none when an earlier post holds the key (the lead core runs it with the number's lock,
 * in the capture's transaction: captureLeadClaiming). The answer is known before the lead is written
 * and commits with it (a failed post leaves no key). A concurrent first post of the same key makes
 * it wait for its commit (the primary key), so the retry then reads its answer; an expired key is
 * taken over.
 */
export function claimKeyPart(idUnidade: number, chave: string, answer: { status: number; resposta: CaptureResponse }): SQL {
  const resposta = JSON.stringify(answer.resposta);
  return sql`insert into ${captacaoChaves} (id_unidade, chave, status, resposta)
      values (${idUnidade}, ${chave}, ${answer.status}, ${resposta}::jsonb)
      on conflict (id_unidade, chave) do update set status = excluded.status, resposta = excluded.resposta, criado_em = now()
        where ${captacaoChaves.criadoEm} < now() - ${RETENTION}
      returning 1 as ok`;
}

/** The first answer of a key (null while none is stored). */
export async function storedAnswer(
  db: DbOrTx,
  idUnidade: number,
  chave: string,
): Promise<{ status: number; resposta: CaptureResponse } | null> {
  const [row] = await executeRows<{ status: number | null; resposta: CaptureResponse | null }>(
    db,
    sql`select status, resposta from ${captacaoChaves} where id_unidade = ${idUnidade} and chave = ${chave}`,
  );
  return row && row.status !== null && row.resposta !== null ? { status: row.status, resposta: row.resposta } : null;
}

/** Deletes the keys past the retention; returns how many. */
export async function sweepKeys(db: Db): Promise<number> {
  const rows = await executeRows<{ n: number }>(
    db,
    sql`with apagadas as (delete from ${captacaoChaves} where criado_em < now() - ${RETENTION} returning 1)
      select count(*)::int as n from apagadas`,
  );
  return rows[0]?.n ?? 0;
}
