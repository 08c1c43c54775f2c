-- Issue 24: Meta Insights store, one row per (company, ad account, day, level, object id), and each
-- company's refresh state (due time, lease, last success, why it stopped).
CREATE TABLE "meta_insights" (
	"id_empresa" integer NOT NULL,
	"conta" varchar(40) NOT NULL,
	"dia" date NOT NULL,
	"nivel" varchar(8) NOT NULL,
	"objeto_id" varchar(64) NOT NULL,
	"campanha_id" varchar(64),
	"conjunto_id" varchar(64),
	"nome" varchar(400) NOT NULL,
	"objetivo" varchar(40),
	"impressoes" bigint,
	"alcance" bigint,
	"cliques" bigint,
	"gasto_centavos" bigint,
	"leads" integer,
	"conversas" integer,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_insights_id_empresa_conta_dia_nivel_objeto_id_pk" PRIMARY KEY("id_empresa","conta","dia","nivel","objeto_id")
);
--> statement-breakpoint
CREATE TABLE "meta_insights_sync" (
	"id_empresa" integer PRIMARY KEY NOT NULL,
	"proxima_em" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_ate" timestamp with time zone,
	"atualizado_em" timestamp with time zone,
	"contas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chamadas" integer DEFAULT 0 NOT NULL,
	"erro" text
);
--> statement-breakpoint
ALTER TABLE "meta_insights" ADD CONSTRAINT "meta_insights_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_insights_sync" ADD CONSTRAINT "meta_insights_sync_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meta_insights_leitura_idx" ON "meta_insights" USING btree ("id_empresa","conta","nivel","dia");--> statement-breakpoint
CREATE INDEX "meta_insights_campanha_idx" ON "meta_insights" USING btree ("id_empresa","conta","nivel","campanha_id","dia");--> statement-breakpoint
CREATE INDEX "meta_insights_conjunto_idx" ON "meta_insights" USING btree ("id_empresa","conta","nivel","conjunto_id","dia");
