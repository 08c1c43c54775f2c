-- Issue 25: automations. The rules of a unit, one run per (rule, lead, lead event) (the unique key: a replayed event
-- never starts a second run) and each run's steps, recorded once by their key.
CREATE TABLE "automacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"nome" varchar(80) NOT NULL,
	"gatilho" jsonb NOT NULL,
	"opcoes" jsonb NOT NULL,
	"passos" jsonb NOT NULL,
	"habilitado" boolean DEFAULT true NOT NULL,
	"id_usuario" integer NOT NULL,
	"segredo" varchar(64) NOT NULL,
	"rodizio_ultimo" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automacoes_execucoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_automacao" integer NOT NULL,
	"cli_crm_id" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"id_evento" bigint NOT NULL,
	"profundidade" integer DEFAULT 1 NOT NULL,
	"status" varchar(12) DEFAULT 'ativa' NOT NULL,
	"passo" integer DEFAULT 0 NOT NULL,
	"rodada" integer DEFAULT 0 NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proximo_em" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_por" varchar(40),
	"lease_ate" timestamp with time zone,
	"erro" text,
	"mensagens_enviadas" integer DEFAULT 0 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"terminado_em" timestamp with time zone,
	CONSTRAINT "automacoes_execucoes_evento_unique" UNIQUE("id_automacao","cli_crm_id","id_evento")
);
--> statement-breakpoint
CREATE TABLE "automacoes_passos" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_execucao" integer NOT NULL,
	"passo" integer NOT NULL,
	"chave" varchar(60) NOT NULL,
	"resultado" varchar(12) NOT NULL,
	"detalhe" text DEFAULT '' NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automacoes_passos_chave_unique" UNIQUE("chave")
);
--> statement-breakpoint
ALTER TABLE "automacoes" ADD CONSTRAINT "automacoes_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automacoes" ADD CONSTRAINT "automacoes_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automacoes" ADD CONSTRAINT "automacoes_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automacoes_execucoes" ADD CONSTRAINT "automacoes_execucoes_id_automacao_automacoes_id_fk" FOREIGN KEY ("id_automacao") REFERENCES "public"."automacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automacoes_execucoes" ADD CONSTRAINT "automacoes_execucoes_cli_crm_id_leads_cli_crm_id_fk" FOREIGN KEY ("cli_crm_id") REFERENCES "public"."leads"("cli_crm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automacoes_passos" ADD CONSTRAINT "automacoes_passos_id_execucao_automacoes_execucoes_id_fk" FOREIGN KEY ("id_execucao") REFERENCES "public"."automacoes_execucoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automacoes_unidade_idx" ON "automacoes" USING btree ("id_unidade","habilitado");--> statement-breakpoint
CREATE INDEX "automacoes_execucoes_devidas_idx" ON "automacoes_execucoes" USING btree ("proximo_em") WHERE "automacoes_execucoes"."status" = 'ativa';--> statement-breakpoint
CREATE INDEX "automacoes_execucoes_regra_idx" ON "automacoes_execucoes" USING btree ("id_automacao","criado_em");--> statement-breakpoint
CREATE INDEX "automacoes_execucoes_lead_idx" ON "automacoes_execucoes" USING btree ("cli_crm_id","criado_em");--> statement-breakpoint
CREATE INDEX "automacoes_passos_execucao_idx" ON "automacoes_passos" USING btree ("id_execucao");