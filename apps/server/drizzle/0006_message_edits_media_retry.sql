ALTER TABLE "whatsapp_mensagens" ADD COLUMN "media_tentativas" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD COLUMN "media_tentar_em" timestamp with time zone DEFAULT now() + interval '2 minutes';--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD COLUMN "editado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD COLUMN "corpo_original" text;--> statement-breakpoint
CREATE INDEX "whatsapp_mensagens_midia_retry_idx" ON "whatsapp_mensagens" USING btree ("media_tentar_em") WHERE "whatsapp_mensagens"."media_status" in ('pending', 'failed');