ALTER TABLE "leads" ADD COLUMN "posicao_pipeline" double precision DEFAULT (-extract(epoch from now())) NOT NULL;--> statement-breakpoint
CREATE INDEX "leads_pipeline_idx" ON "leads" USING btree ("id_unidade","cli_status_negociacao","posicao_pipeline","cli_crm_id" DESC NULLS LAST) WHERE "leads"."desativado" = 0;--> statement-breakpoint
CREATE INDEX "leads_pipeline_venda_idx" ON "leads" USING btree ("id_unidade","cli_status_negociacao_venda","posicao_pipeline","cli_crm_id" DESC NULLS LAST) WHERE "leads"."desativado" = 0;--> statement-breakpoint
-- hand-written:
-- Existing leads take their capture order: newest on top of each column, as a new lead enters.
UPDATE "leads" SET "posicao_pipeline" = -extract(epoch from "cli_data_captacao");--> statement-breakpoint
-- The board's column heads (count and ticket sum per status) read this index only, the viewer's
-- visibility (id_usuario) included (docs/performance.md "Pipeline").
CREATE INDEX "leads_pipeline_totais_idx" ON "leads" USING btree ("id_unidade","cli_status_negociacao") INCLUDE ("valor_ticket","id_usuario","id_empresa") WHERE "leads"."desativado" = 0;--> statement-breakpoint
CREATE INDEX "leads_pipeline_venda_totais_idx" ON "leads" USING btree ("id_unidade","cli_status_negociacao_venda") INCLUDE ("valor_ticket","id_usuario","id_empresa") WHERE "leads"."desativado" = 0;
