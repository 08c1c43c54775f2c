// The capture URL's idempotency keys (issue 23 §1): a retried post with the same Idempotency-Key
// header (or id_externo) answers the first result. Kept CAPTURE_IDEMPOTENCY_DAYS (7) days, then
// swept (capture.service.ts sweepIdempotencyKeys).
import { index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

import type { CaptureResponse } from '@funil/domain/capture/capture-api';

import { unidades } from '../tenancy/tenancy.table.ts';

export const captacaoChaves = pgTable(
  'captacao_chaves',
  {
    idUnidade: integer('id_unidade')
      .notNull()
      .references(() => unidades.id),
    chave: varchar('chave', { length: 200 }).notNull(),
    /** The first answer's status and body; null while the first post is still being written. */
    status: integer('status'),
    resposta: jsonb('resposta').$type<CaptureResponse>(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.idUnidade, t.chave] }), index('captacao_chaves_criado_idx').on(t.criadoEm)],
);
