-- Issue 23 §5 §6: the ads catalogue of a unit (campaigns, ad sets, ads, the ad-tag links; 002 §3 'Ads
-- catalogue') and the campaign costs (002 §3 'Campaign cost (admin)'). A cost covers a period (a month
-- when typed, a day from a Meta sync) so that cost per lead holds for any period; 'origem' says whether it
-- was typed ('manual', never overwritten by a sync) or synced ('meta'). Owned by modules/ads.
CREATE TABLE "anuncios_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_conjunto" integer NOT NULL,
	"ad_id" varchar(100) NOT NULL,
	"ad_name" varchar(200) NOT NULL,
	"ativo" integer DEFAULT 1 NOT NULL,
	"oculto" integer DEFAULT 1 NOT NULL,
	"origem" varchar(10) DEFAULT 'manual' NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anuncios_ads_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_ad" integer NOT NULL,
	"id_tag" integer,
	"ativo" integer DEFAULT 1 NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anuncios_campanhas" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"campaign_id" varchar(100) NOT NULL,
	"campaign_name" varchar(200) NOT NULL,
	"ativo" integer DEFAULT 1 NOT NULL,
	"oculto" integer DEFAULT 1 NOT NULL,
	"origem" varchar(10) DEFAULT 'manual' NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anuncios_conjuntos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_campanha" integer NOT NULL,
	"adset_id" varchar(100) NOT NULL,
	"adset_name" varchar(200) NOT NULL,
	"ativo" integer DEFAULT 1 NOT NULL,
	"oculto" integer DEFAULT 1 NOT NULL,
	"origem" varchar(10) DEFAULT 'manual' NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anuncios_custos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"id_campanha" integer NOT NULL,
	"id_conjunto" integer,
	"id_ad" integer,
	"publico" integer,
	"id_tipo_lead" integer,
	"custo" numeric(12, 2) NOT NULL,
	"periodo_inicio" date NOT NULL,
	"periodo_fim" date NOT NULL,
	"origem" varchar(10) DEFAULT 'manual' NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anuncios_ads" ADD CONSTRAINT "anuncios_ads_id_conjunto_anuncios_conjuntos_id_fk" FOREIGN KEY ("id_conjunto") REFERENCES "public"."anuncios_conjuntos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncios_ads_tags" ADD CONSTRAINT "anuncios_ads_tags_id_ad_anuncios_ads_id_fk" FOREIGN KEY ("id_ad") REFERENCES "public"."anuncios_ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncios_ads_tags" ADD CONSTRAINT "anuncios_ads_tags_id_tag_tags_id_fk" FOREIGN KEY ("id_tag") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncios_campanhas" ADD CONSTRAINT "anuncios_campanhas_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncios_campanhas" ADD CONSTRAINT "anuncios_campanhas_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncios_conjuntos" ADD CONSTRAINT "anuncios_conjuntos_id_campanha_anuncios_campanhas_id_fk" FOREIGN KEY ("id_campanha") REFERENCES "public"."anuncios_campanhas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncios_custos" ADD CONSTRAINT "anuncios_custos_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncios_custos" ADD CONSTRAINT "anuncios_custos_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncios_custos" ADD CONSTRAINT "anuncios_custos_id_campanha_anuncios_campanhas_id_fk" FOREIGN KEY ("id_campanha") REFERENCES "public"."anuncios_campanhas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncios_custos" ADD CONSTRAINT "anuncios_custos_id_conjunto_anuncios_conjuntos_id_fk" FOREIGN KEY ("id_conjunto") REFERENCES "public"."anuncios_conjuntos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncios_custos" ADD CONSTRAINT "anuncios_custos_id_ad_anuncios_ads_id_fk" FOREIGN KEY ("id_ad") REFERENCES "public"."anuncios_ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anuncios_custos" ADD CONSTRAINT "anuncios_custos_id_tipo_lead_plataformas_id_fk" FOREIGN KEY ("id_tipo_lead") REFERENCES "public"."plataformas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "anuncios_ads_conjunto_id_uq" ON "anuncios_ads" USING btree ("id_conjunto","ad_id");--> statement-breakpoint
CREATE INDEX "anuncios_ads_ad_id_idx" ON "anuncios_ads" USING btree ("ad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "anuncios_ads_tags_ad_tag_uq" ON "anuncios_ads_tags" USING btree ("id_ad","id_tag");--> statement-breakpoint
CREATE UNIQUE INDEX "anuncios_campanhas_unidade_id_uq" ON "anuncios_campanhas" USING btree ("id_unidade","campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "anuncios_conjuntos_campanha_id_uq" ON "anuncios_conjuntos" USING btree ("id_campanha","adset_id");--> statement-breakpoint
CREATE INDEX "anuncios_custos_unidade_periodo_idx" ON "anuncios_custos" USING btree ("id_unidade","periodo_inicio");--> statement-breakpoint
CREATE INDEX "anuncios_custos_campanha_idx" ON "anuncios_custos" USING btree ("id_campanha");--> statement-breakpoint
CREATE UNIQUE INDEX "anuncios_custos_manual_uq" ON "anuncios_custos" USING btree ("id_unidade","id_campanha","periodo_inicio","periodo_fim") WHERE origem = 'manual' AND id_ad IS NULL;