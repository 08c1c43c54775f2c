CREATE TABLE "automacoes_configuracoes" (
	"id_unidade" integer PRIMARY KEY NOT NULL,
	"typebot_url" varchar(300) DEFAULT '' NOT NULL,
	"typebot_fluxos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_typebot_bots" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_instancia" integer NOT NULL,
	"chave" varchar(160) NOT NULL,
	"id_bot" varchar(64) NOT NULL,
	"url" varchar(300) NOT NULL,
	"fluxo" varchar(100) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_typebot_bots_chave_unique" UNIQUE("id_instancia","chave")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_typebot_instancias" (
	"id_instancia" integer PRIMARY KEY NOT NULL,
	"url" varchar(300) NOT NULL,
	"configurado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_typebot_sessoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_instancia" integer NOT NULL,
	"cli_crm_id" integer NOT NULL,
	"remote_jid" varchar(100) NOT NULL,
	"id_bot" varchar(64) NOT NULL,
	"chave" varchar(80) NOT NULL,
	"id_execucao" integer,
	"status" varchar(12) DEFAULT 'iniciando' NOT NULL,
	"pedido" varchar(12),
	"motivo" text,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_typebot_sessoes_chave_unique" UNIQUE("chave")
);
--> statement-breakpoint
ALTER TABLE "automacoes_execucoes" ADD COLUMN "aguardando_chave" varchar(60);--> statement-breakpoint
ALTER TABLE "automacoes_execucoes" ADD COLUMN "aguardando_evento" bigint;--> statement-breakpoint
ALTER TABLE "automacoes_execucoes" ADD COLUMN "respondido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "automacoes_configuracoes" ADD CONSTRAINT "automacoes_configuracoes_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_typebot_bots" ADD CONSTRAINT "whatsapp_typebot_bots_id_instancia_instancias_evolution_id_fk" FOREIGN KEY ("id_instancia") REFERENCES "public"."instancias_evolution"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_typebot_instancias" ADD CONSTRAINT "whatsapp_typebot_instancias_id_instancia_instancias_evolution_id_fk" FOREIGN KEY ("id_instancia") REFERENCES "public"."instancias_evolution"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_typebot_sessoes" ADD CONSTRAINT "whatsapp_typebot_sessoes_id_instancia_instancias_evolution_id_fk" FOREIGN KEY ("id_instancia") REFERENCES "public"."instancias_evolution"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_typebot_sessoes" ADD CONSTRAINT "whatsapp_typebot_sessoes_cli_crm_id_leads_cli_crm_id_fk" FOREIGN KEY ("cli_crm_id") REFERENCES "public"."leads"("cli_crm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_typebot_sessoes_lead_idx" ON "whatsapp_typebot_sessoes" USING btree ("cli_crm_id");--> statement-breakpoint
CREATE INDEX "whatsapp_typebot_sessoes_jid_idx" ON "whatsapp_typebot_sessoes" USING btree ("id_instancia","remote_jid");--> statement-breakpoint
CREATE INDEX "whatsapp_typebot_sessoes_pedido_idx" ON "whatsapp_typebot_sessoes" USING btree ("id") WHERE "whatsapp_typebot_sessoes"."pedido" is not null;