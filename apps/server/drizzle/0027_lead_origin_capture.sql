-- Issue 23 §1 and §4: a lead's origin and the capture URL's idempotency keys.
-- The lead's last touch lives in its columns (the existing cli_tipo_lead, cli_campanha_id/nome,
-- ad_id/ad_name, utm_* and the new ones below), which the lists' campaign and ad filters read;
-- origem_primeira keeps the first touch whole (docs/decisions.md "Issue 23: a lead's origin").
-- Leads older than this migration keep a null origin: nothing recorded how they arrived.
CREATE TABLE "captacao_chaves" (
	"id_unidade" integer NOT NULL,
	"chave" varchar(200) NOT NULL,
	"status" integer,
	"resposta" jsonb,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "captacao_chaves_id_unidade_chave_pk" PRIMARY KEY("id_unidade","chave")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "origem_canal" varchar(20);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "origem_certeza" varchar(10);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "adset_id" varchar(64);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "adset_name" varchar(200);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "form_id" varchar(64);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "leadgen_id" varchar(64);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "fbclid" varchar(500);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "gclid" varchar(500);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "origem_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "origem_primeira" jsonb;--> statement-breakpoint
ALTER TABLE "captacao_chaves" ADD CONSTRAINT "captacao_chaves_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captacao_chaves_criado_idx" ON "captacao_chaves" USING btree ("criado_em");