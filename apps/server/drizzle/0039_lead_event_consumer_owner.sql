ALTER TABLE "lead_eventos_consumidores" ADD COLUMN "dono" varchar(60);--> statement-breakpoint
ALTER TABLE "lead_eventos_consumidores" ADD COLUMN "dono_ate" timestamp with time zone;