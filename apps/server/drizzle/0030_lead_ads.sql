-- Issue 23 §2: Meta Lead Ads intake. One row per leadgen_id (the unique key: one leadgen_id is one lead,
-- whatever Meta delivers twice or late), the forms seen with their assigned unit, each company's default unit.
CREATE TABLE "lead_ads_empresas" (
	"id_empresa" integer PRIMARY KEY NOT NULL,
	"id_unidade_padrao" integer,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "lead_ads_formularios" (
	"form_id" varchar(64) PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"page_id" varchar(64) NOT NULL,
	"nome" varchar(200) DEFAULT '' NOT NULL,
	"id_unidade" integer,
	"buscado_em" timestamp with time zone,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_ads_empresas" ADD CONSTRAINT "lead_ads_empresas_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_ads_empresas" ADD CONSTRAINT "lead_ads_empresas_id_unidade_padrao_unidades_id_fk" FOREIGN KEY ("id_unidade_padrao") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_ads_entregas" ADD CONSTRAINT "lead_ads_entregas_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_ads_entregas" ADD CONSTRAINT "lead_ads_entregas_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_ads_formularios" ADD CONSTRAINT "lead_ads_formularios_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_ads_formularios" ADD CONSTRAINT "lead_ads_formularios_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_ads_entregas_pendentes_idx" ON "lead_ads_entregas" USING btree ("proxima_em") WHERE "lead_ads_entregas"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "lead_ads_entregas_empresa_idx" ON "lead_ads_entregas" USING btree ("id_empresa","status","recebido_em");--> statement-breakpoint
CREATE INDEX "lead_ads_formularios_empresa_idx" ON "lead_ads_formularios" USING btree ("id_empresa");