-- INCLUDE (id_usuario) on leads_lista_idx is hand-written (drizzle-kit has no INCLUDE): the
-- attendant's visibility (001 §6) is read from the index, so counts stay index-only.
DROP INDEX "leads_unidade_captacao_idx";--> statement-breakpoint
DROP INDEX "leads_unidade_status_idx";--> statement-breakpoint
CREATE INDEX "leads_lista_idx" ON "leads" USING btree ("id_unidade","id_empresa","cli_data_captacao" DESC NULLS FIRST,"cli_crm_id" DESC NULLS FIRST) INCLUDE ("id_usuario") WHERE "leads"."desativado" = 0;--> statement-breakpoint
CREATE INDEX "leads_lista_status_idx" ON "leads" USING btree ("id_unidade","cli_status_negociacao","cli_data_captacao" DESC NULLS FIRST,"cli_crm_id" DESC NULLS FIRST) WHERE "leads"."desativado" = 0;