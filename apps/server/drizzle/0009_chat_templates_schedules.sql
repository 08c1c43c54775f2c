CREATE TABLE "modelos_categorias" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer,
	"id_usuario" integer,
	"escopo" varchar(10) NOT NULL,
	"nome" varchar(100) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modelos_mensagem" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_categoria" integer NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer,
	"id_usuario" integer,
	"escopo" varchar(10) NOT NULL,
	"titulo" varchar(100) NOT NULL,
	"mensagem" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "cli_mensagem_agendada_status" varchar(10);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "cli_mensagem_agendada_erro" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "cli_mensagem_agendada_tentativas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "cli_mensagem_agendada_versao" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "not_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "modelos_categorias" ADD CONSTRAINT "modelos_categorias_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelos_categorias" ADD CONSTRAINT "modelos_categorias_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelos_categorias" ADD CONSTRAINT "modelos_categorias_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelos_mensagem" ADD CONSTRAINT "modelos_mensagem_id_categoria_modelos_categorias_id_fk" FOREIGN KEY ("id_categoria") REFERENCES "public"."modelos_categorias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelos_mensagem" ADD CONSTRAINT "modelos_mensagem_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelos_mensagem" ADD CONSTRAINT "modelos_mensagem_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelos_mensagem" ADD CONSTRAINT "modelos_mensagem_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "modelos_categorias_empresa_idx" ON "modelos_categorias" USING btree ("id_empresa","escopo");--> statement-breakpoint
CREATE INDEX "modelos_mensagem_empresa_idx" ON "modelos_mensagem" USING btree ("id_empresa","escopo");--> statement-breakpoint
CREATE INDEX "modelos_mensagem_categoria_idx" ON "modelos_mensagem" USING btree ("id_categoria");--> statement-breakpoint
CREATE INDEX "leads_chat_lista_idx" ON "leads" USING btree ("id_unidade",coalesce("whatsapp_ultima_mensagem_data_geral", "cli_data_captacao") desc,"cli_crm_id" DESC NULLS FIRST) WHERE "leads"."desativado" = 0;--> statement-breakpoint
CREATE INDEX "whatsapp_mensagens_unidade_texto_trgm_idx" ON "whatsapp_mensagens" USING gin ("id_unidade",immutable_unaccent(lower("body")) gin_trgm_ops) WHERE "whatsapp_mensagens"."is_deleted" = false and "whatsapp_mensagens"."media_type" not in ('reaction', 'call_log');