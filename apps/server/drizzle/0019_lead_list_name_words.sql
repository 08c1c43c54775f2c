-- Issue 8: a search by name alone first reads the newest leads of its other conditions from
-- leads_lista_idx, index-only, testing the name's words there (leads.repository.ts
-- leadListStatements, docs/decisions.md "Lead name search"), so the name's unit-qualified words join
-- id_usuario in the index's INCLUDE (drizzle-kit has no INCLUDE: hand-written, like 0004).
DROP INDEX IF EXISTS "leads_lista_idx";--> statement-breakpoint
CREATE INDEX "leads_lista_idx" ON "leads" USING btree ("id_unidade","id_empresa","cli_data_captacao" DESC NULLS FIRST,"cli_crm_id" DESC NULLS FIRST) INCLUDE ("id_usuario","cli_nome_palavras") WHERE "leads"."desativado" = 0;
