CREATE TABLE "whatsapp_webhooks_rejeitados" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"id_instancia" integer NOT NULL,
	"nome_instancia" varchar(100) NOT NULL,
	"evento" varchar(60) NOT NULL,
	"message_id" varchar(200),
	"contato" varchar(200),
	"motivo" varchar(200) NOT NULL,
	"erro" text,
	"corpo" jsonb NOT NULL,
	"chave" varchar(64) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_eventos_pendentes" ALTER COLUMN "message_id" SET DATA TYPE varchar(512);--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ALTER COLUMN "message_id" SET DATA TYPE varchar(512);--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ALTER COLUMN "quoted_message_id" SET DATA TYPE varchar(512);--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ALTER COLUMN "reaction_target_id" SET DATA TYPE varchar(512);--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_webhooks_rejeitados_chave_uq" ON "whatsapp_webhooks_rejeitados" USING btree ("id_instancia","chave");--> statement-breakpoint
CREATE INDEX "whatsapp_webhooks_rejeitados_empresa_idx" ON "whatsapp_webhooks_rejeitados" USING btree ("id_empresa","criado_em" DESC NULLS LAST,"id" DESC NULLS LAST);