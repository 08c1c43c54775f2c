CREATE TABLE "envios_em_massa" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"id_usuario" integer,
	"nome" varchar(120) NOT NULL,
	"status" varchar(12) DEFAULT 'EM_ANDAMENTO' NOT NULL,
	"intervalo_mensagem" integer NOT NULL,
	"mensagens" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"midia_base64" text,
	"midia_mimetype" varchar(120),
	"midia_nome" varchar(200),
	"id_status_novo" integer,
	"id_instancia" integer,
	"total" integer DEFAULT 0 NOT NULL,
	"enviados" integer DEFAULT 0 NOT NULL,
	"erros" integer DEFAULT 0 NOT NULL,
	"nao_enviados" integer DEFAULT 0 NOT NULL,
	"motivo_pausa" text,
	"aguardando_ate" timestamp with time zone,
	"motivo_espera" text,
	"proximo_envio_em" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_por" varchar(80),
	"lease_ate" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"finalizado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "envios_em_massa_clientes" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_campanha" integer NOT NULL,
	"cli_crm_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"status" varchar(10) DEFAULT 'PENDING' NOT NULL,
	"tentativa" integer DEFAULT 0 NOT NULL,
	"chave" varchar(80),
	"mensagem_propria" text,
	"mensagem" text,
	"numero" varchar(60),
	"motivo" text,
	"id_mensagem" bigint,
	"iniciado_em" timestamp with time zone,
	"enviado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "envios_em_massa_registro" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "envios_em_massa_registro_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_instancia" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"id_campanha" integer NOT NULL,
	"numero" varchar(60) NOT NULL,
	"texto_hash" varchar(64) NOT NULL,
	"enviado_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "optout_envio_massa" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "envios_em_massa" ADD CONSTRAINT "envios_em_massa_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envios_em_massa" ADD CONSTRAINT "envios_em_massa_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envios_em_massa" ADD CONSTRAINT "envios_em_massa_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envios_em_massa_clientes" ADD CONSTRAINT "envios_em_massa_clientes_id_campanha_envios_em_massa_id_fk" FOREIGN KEY ("id_campanha") REFERENCES "public"."envios_em_massa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envios_em_massa_clientes" ADD CONSTRAINT "envios_em_massa_clientes_cli_crm_id_leads_cli_crm_id_fk" FOREIGN KEY ("cli_crm_id") REFERENCES "public"."leads"("cli_crm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "envios_em_massa_unidade_idx" ON "envios_em_massa" USING btree ("id_unidade","id");--> statement-breakpoint
CREATE INDEX "envios_em_massa_devidos_idx" ON "envios_em_massa" USING btree ("proximo_envio_em") WHERE "envios_em_massa"."status" = 'EM_ANDAMENTO';--> statement-breakpoint
CREATE UNIQUE INDEX "envios_em_massa_um_aberto_idx" ON "envios_em_massa" USING btree ("id_unidade") WHERE "envios_em_massa"."status" <> 'FINALIZADO';--> statement-breakpoint
CREATE UNIQUE INDEX "envios_em_massa_clientes_lead_idx" ON "envios_em_massa_clientes" USING btree ("id_campanha","cli_crm_id");--> statement-breakpoint
CREATE INDEX "envios_em_massa_clientes_fila_idx" ON "envios_em_massa_clientes" USING btree ("id_campanha","status","seq");--> statement-breakpoint
CREATE INDEX "envios_em_massa_registro_instancia_idx" ON "envios_em_massa_registro" USING btree ("id_instancia","enviado_em");--> statement-breakpoint
CREATE INDEX "envios_em_massa_registro_numero_idx" ON "envios_em_massa_registro" USING btree ("numero","texto_hash","enviado_em");