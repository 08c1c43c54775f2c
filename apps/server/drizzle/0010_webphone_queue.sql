ALTER TABLE "leads" ADD COLUMN "ligacao_limite_tentativas" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "ligacao_limite_tentativas_diarias" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "fila_reservado_por" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "fila_reservado_ate" timestamp with time zone;