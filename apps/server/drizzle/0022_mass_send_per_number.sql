-- Issue 21 item 10: the one-at-a-time rule protects a WhatsApp number, so it holds per instance.
-- An unfinished campaign that never got its number (the old demo history) takes its unit's first
-- instance: under the old per-unit index there is at most one such campaign per unit.
UPDATE "envios_em_massa" e SET "id_instancia" = (SELECT min(i."id") FROM "instancias_evolution" i WHERE i."id_unidade" = e."id_unidade") WHERE e."id_instancia" IS NULL AND e."status" <> 'FINALIZADO';--> statement-breakpoint
DROP INDEX "envios_em_massa_um_aberto_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "envios_em_massa_um_aberto_por_numero_idx" ON "envios_em_massa" USING btree ("id_instancia") WHERE "envios_em_massa"."status" <> 'FINALIZADO';--> statement-breakpoint
-- Issue 21 item 12: the reasons a user reads say it in plain Portuguese, not in the gateway's codes.
UPDATE "envios_em_massa" SET "motivo_pausa" = 'Pausado automaticamente: o WhatsApp limitou temporariamente os envios deste número. Espere algumas horas antes de continuar.' WHERE "motivo_pausa" = 'Pausado automaticamente: o WhatsApp limitou os envios deste número (429/rate-overlimit).';--> statement-breakpoint
UPDATE "envios_em_massa" SET "motivo_pausa" = 'Pausado automaticamente: o WhatsApp recusou mensagens a contatos que nunca conversaram com este número.' WHERE "motivo_pausa" = 'Pausado automaticamente: o WhatsApp recusou mensagens a contatos frios (463).';--> statement-breakpoint
UPDATE "envios_em_massa_clientes" SET "motivo" = 'O WhatsApp recusou a mensagem a este contato.' WHERE "motivo" = 'Falha no envio pelo gateway. (463)';--> statement-breakpoint
UPDATE "envios_em_massa_clientes" SET "motivo" = 'Falha no envio pelo WhatsApp.' WHERE "motivo" = 'Falha no envio pelo gateway.';
