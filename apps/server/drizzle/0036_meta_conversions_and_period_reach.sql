CREATE TABLE "meta_insights_alcance" (
	"id_empresa" integer NOT NULL,
	"conta" varchar(40) NOT NULL,
	"nivel" varchar(8) NOT NULL,
	"objeto_id" varchar(64) NOT NULL,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	"alcance" bigint,
	"lido_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_insights_alcance_id_empresa_conta_nivel_objeto_id_inicio_fim_pk" PRIMARY KEY("id_empresa","conta","nivel","objeto_id","inicio","fim")
);
--> statement-breakpoint
CREATE TABLE "meta_conversoes_config" (
	"id_unidade" integer PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"dataset_id" varchar(32),
	"status_negociacao" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status_venda" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta_conversoes_envios" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_evento" bigint NOT NULL,
	"familia" varchar(12) NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"cli_crm_id" integer NOT NULL,
	"leadgen_id" varchar(64) NOT NULL,
	"dataset_id" varchar(32) NOT NULL,
	"nome_evento" varchar(100) NOT NULL,
	"momento" timestamp with time zone NOT NULL,
	"status" varchar(10) DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_em" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_ate" timestamp with time zone,
	"resposta" jsonb,
	"erro" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	CONSTRAINT "meta_conversoes_envios_evento_uq" UNIQUE("id_evento","familia")
);
--> statement-breakpoint
ALTER TABLE "meta_insights_alcance" ADD CONSTRAINT "meta_insights_alcance_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_conversoes_config" ADD CONSTRAINT "meta_conversoes_config_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_conversoes_config" ADD CONSTRAINT "meta_conversoes_config_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_conversoes_envios" ADD CONSTRAINT "meta_conversoes_envios_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_conversoes_envios" ADD CONSTRAINT "meta_conversoes_envios_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meta_conversoes_envios_pendentes_idx" ON "meta_conversoes_envios" USING btree ("proxima_em") WHERE "meta_conversoes_envios"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "meta_conversoes_envios_unidade_idx" ON "meta_conversoes_envios" USING btree ("id_unidade","criado_em");