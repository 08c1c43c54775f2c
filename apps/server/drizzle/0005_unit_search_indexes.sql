-- Name and phone search within a unit (001 §5, docs/performance.md "Lead list"): GIN indexes that
-- start with id_unidade (btree_gin), so a search reads its own unit's trigram matches only, instead
-- of every unit's. btree_gin is hand-written here (drizzle-kit does not emit extensions); PGlite
-- loads it in db/connection.ts.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "leads_nome_trgm_idx";--> statement-breakpoint
DROP INDEX "leads_telefone_trgm_idx";--> statement-breakpoint
CREATE INDEX "leads_unidade_nome_trgm_idx" ON "leads" USING gin ("id_unidade",immutable_unaccent(lower("cli_nome")) gin_trgm_ops) WHERE "leads"."desativado" = 0;--> statement-breakpoint
CREATE INDEX "leads_unidade_telefone_trgm_idx" ON "leads" USING gin ("id_unidade","cli_telefone" gin_trgm_ops) WHERE "leads"."desativado" = 0;