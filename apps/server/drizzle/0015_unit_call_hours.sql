ALTER TABLE "unidade_configuracoes" ADD COLUMN "ligacao_intervalo_ocupado" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "unidade_configuracoes" ADD COLUMN "horario_ligacao" jsonb;--> statement-breakpoint
ALTER TABLE "unidade_configuracoes" ADD COLUMN "feriados" jsonb DEFAULT '[]'::jsonb NOT NULL;