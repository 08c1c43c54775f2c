-- Issue 23 §2: Meta Lead Ads intake, one row per leadgen_id (the unique key: one leadgen_id is one lead,
-- whatever Meta delivers twice or late); the failed ones are the company's failed-intake log.
CREATE TABLE "lead_ads_entregas" (
	"id" serial PRIMARY KEY NOT NULL,
	"leadgen_id" varchar(64) NOT NULL,
	"page_id" varchar(64) NOT NULL,
	"form_id" varchar(64),
	"ad_id" varchar(64),
	"criado_meta" timestamp with time zone,
	"bruto" jsonb NOT NULL,
	"dados" jsonb,
	"id_empresa" integer,
	"status" varchar(12) DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_em" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_ate" timestamp with time zone,
	"erro" text,
	"recebidas" integer DEFAULT 1 NOT NULL,
	"cli_crm_id" integer,
	"id_unidade" integer,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"processado_em" timestamp with time zone,
	CONSTRAINT "lead_ads_entregas_leadgen_id_unique" UNIQUE("leadgen_id")
);
--> statement-breakpoint
ALTER TABLE "lead_ads_entregas" ADD CONSTRAINT "lead_ads_entregas_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_ads_entregas" ADD CONSTRAINT "lead_ads_entregas_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_ads_entregas_pendentes_idx" ON "lead_ads_entregas" USING btree ("proxima_em") WHERE "lead_ads_entregas"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "lead_ads_entregas_empresa_idx" ON "lead_ads_entregas" USING btree ("id_empresa","status","recebido_em");