CREATE TABLE "empresas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(200) NOT NULL,
	"id_company" integer DEFAULT 0 NOT NULL,
	"ativo" integer DEFAULT 1 NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unidade_configuracoes" (
	"id_unidade" integer PRIMARY KEY NOT NULL,
	"habilita_envio_em_massa" boolean DEFAULT false NOT NULL,
	"configuracoes_extra" text DEFAULT '{}' NOT NULL,
	"intervalo_dias_crm" integer DEFAULT 62 NOT NULL,
	"url_dashboard" text,
	"evolution_habilitado" boolean DEFAULT false NOT NULL,
	"atendimento_habilitado" boolean DEFAULT false NOT NULL,
	"status_mensagem_envio_em_massa" boolean DEFAULT false NOT NULL,
	"ligacao_limite_tentativas" integer DEFAULT 6 NOT NULL,
	"ligacao_limite_tentativas_diarias" integer DEFAULT 3 NOT NULL,
	"ligacao_intervalo_nao_atendida" integer DEFAULT 60 NOT NULL,
	"valor_minimo_segundos_chamada_atendida" integer DEFAULT 20 NOT NULL,
	"regra_fila_1" varchar(200) DEFAULT '1,7' NOT NULL,
	"regra_fila_2" varchar(200) DEFAULT '2' NOT NULL,
	"regra_fila_3" varchar(200) DEFAULT '5,3' NOT NULL,
	"mensagem_whatsapp" text DEFAULT '' NOT NULL,
	"habilita_mensagem_whatsapp" boolean DEFAULT false NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unidades" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"nome" varchar(200) NOT NULL,
	"ddd" varchar(3) DEFAULT '11' NOT NULL,
	"id_sistema" integer DEFAULT -1 NOT NULL,
	"filtro" varchar(200) DEFAULT '' NOT NULL,
	"token" varchar(32) NOT NULL,
	"id_whatsapp" integer,
	"token_whatsapp_novo" text,
	"id_funil" integer,
	"id_funil_venda" integer,
	"ativo" integer DEFAULT 1 NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unidades_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"nome" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"senha_hash" text NOT NULL,
	"permissao" varchar(2) NOT NULL,
	"id_ramal" integer DEFAULT 0 NOT NULL,
	"cor" varchar(9) DEFAULT '#1976d2' NOT NULL,
	"ativo" integer DEFAULT 1 NOT NULL,
	"acesso_atribuidos" integer DEFAULT 0 NOT NULL,
	"configuracoes" text DEFAULT '{}' NOT NULL,
	"habilita_mensagem_whatsapp" integer DEFAULT 0 NOT NULL,
	"webphone" integer DEFAULT 0 NOT NULL,
	"id_whatsapp" integer,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"data_deslogar" timestamp (3) with time zone,
	CONSTRAINT "usuarios_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "sessoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"id_usuario" integer NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"lembrar" boolean NOT NULL,
	"user_data_atualizacao" timestamp (3) with time zone NOT NULL,
	"user_data_deslogar" timestamp (3) with time zone,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"revogada_em" timestamp with time zone,
	"ip" varchar(64),
	CONSTRAINT "sessoes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "plataformas" (
	"id" integer PRIMARY KEY NOT NULL,
	"nome" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "potenciais" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"nome" varchar(100) NOT NULL,
	"descricao" text,
	"status" varchar(50) DEFAULT 'Nenhum' NOT NULL,
	"status1" varchar(50) DEFAULT 'Pouco' NOT NULL,
	"status2" varchar(50) DEFAULT 'Pouco+' NOT NULL,
	"status3" varchar(50) DEFAULT 'Médio' NOT NULL,
	"status4" varchar(50) DEFAULT 'Médio+' NOT NULL,
	"status5" varchar(50) DEFAULT 'Muito' NOT NULL,
	"ativo" integer DEFAULT 1 NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_contato" (
	"id" integer PRIMARY KEY NOT NULL,
	"nome" varchar(100) NOT NULL,
	"cor" varchar(9) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_mensagem" (
	"id" integer PRIMARY KEY NOT NULL,
	"nome" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_negociacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"nome" varchar(100) NOT NULL,
	"cor" varchar(9) DEFAULT '#000000' NOT NULL,
	"descricao" text,
	"id_funil" integer NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_negociacao_funil_uq" UNIQUE("id_empresa","id_funil")
);
--> statement-breakpoint
CREATE TABLE "status_negociacao_permitidos" (
	"id_unidade" integer NOT NULL,
	"de" integer NOT NULL,
	"para" integer NOT NULL,
	CONSTRAINT "status_negociacao_permitidos_id_unidade_de_para_pk" PRIMARY KEY("id_unidade","de","para")
);
--> statement-breakpoint
CREATE TABLE "status_negociacao_venda" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"nome" varchar(100) NOT NULL,
	"cor" varchar(9) DEFAULT '#000000' NOT NULL,
	"descricao" text,
	"id_funil_venda" integer NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_negociacao_venda_funil_uq" UNIQUE("id_empresa","id_funil_venda")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_unidade" integer NOT NULL,
	"nome" varchar(100) NOT NULL,
	"cor" varchar(9) NOT NULL,
	"descricao" text,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_unidade_nome_uq" UNIQUE("id_unidade","nome")
);
--> statement-breakpoint
CREATE TABLE "orientacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer,
	"titulo" varchar(200) NOT NULL,
	"texto_orientacao" text NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"ativo" integer DEFAULT 1 NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instancias_evolution" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_unidade" integer NOT NULL,
	"id_empresa" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"token" text NOT NULL,
	"webhook_secret" varchar(64) NOT NULL,
	"connection_status" varchar(20) DEFAULT 'close' NOT NULL,
	"owner_jid" varchar(100),
	"profile_name" varchar(200),
	"profile_picture_url" text,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instancias_evolution_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "historico" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "historico_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cli_crm_id" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"atendente" integer,
	"tipo" integer NOT NULL,
	"data_comentario" timestamp with time zone,
	"comentario" text,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"texto" text,
	"texto_antigo" text,
	"url_gravacao" text,
	"tentativas" integer,
	"duracao" integer,
	"duracao_falada" integer,
	"duracao_cobrada" integer,
	"status_chamada" varchar(50),
	"motivo_desconexao" varchar(100),
	"id_antigo" integer,
	"id_novo" integer,
	"valor_antigo" numeric(14, 2),
	"valor_novo" numeric(14, 2),
	"descricao" text
);
--> statement-breakpoint
CREATE TABLE "lead_tags" (
	"cli_crm_id" integer NOT NULL,
	"id_tag" integer NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_tags_cli_crm_id_id_tag_pk" PRIMARY KEY("cli_crm_id","id_tag")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"cli_crm_id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"cli_id" integer DEFAULT 0 NOT NULL,
	"cli_nome" varchar(200) NOT NULL,
	"cli_telefone" varchar(20) NOT NULL,
	"telefone_chave" varchar(20) NOT NULL,
	"cli_email" varchar(254),
	"cli_contato_status" integer DEFAULT 1 NOT NULL,
	"cli_mensagem_status" integer DEFAULT 0 NOT NULL,
	"cli_tipo_lead" integer DEFAULT 1 NOT NULL,
	"cli_data_captacao" timestamp with time zone DEFAULT now() NOT NULL,
	"cli_data_atendimento" timestamp with time zone,
	"cli_contato_agendado" timestamp with time zone,
	"cli_data_proxima_tentativa" timestamp with time zone,
	"cli_tentativas" integer DEFAULT 0 NOT NULL,
	"cli_tentativas_diarias" integer DEFAULT 0 NOT NULL,
	"cli_status_negociacao" integer DEFAULT 1 NOT NULL,
	"cli_status_negociacao_venda" integer DEFAULT 1 NOT NULL,
	"cli_campanha_interesse" varchar(200),
	"cli_campanha_id" varchar(64),
	"cli_campanha_nome" varchar(200),
	"cli_url_foto" text,
	"cli_id_atendimento" integer,
	"id_usuario" integer,
	"valor_ticket" numeric(14, 2) DEFAULT '0' NOT NULL,
	"id_potencial" integer,
	"valor_potencial" integer DEFAULT 0 NOT NULL,
	"ad_name" varchar(200),
	"ad_id" varchar(64),
	"informacoes_extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"utm_campaign" varchar(200),
	"utm_medium" varchar(200),
	"utm_source" varchar(200),
	"utm_content" varchar(200),
	"utm_term" varchar(200),
	"whatsapp_blocked" integer DEFAULT 0 NOT NULL,
	"id_ticket" integer,
	"id_instancia_evolution" integer,
	"is_group" integer DEFAULT 0 NOT NULL,
	"marcado_nao_lida" integer DEFAULT 0 NOT NULL,
	"desativado" integer DEFAULT 0 NOT NULL,
	"cli_mensagem_agendada" text,
	"cli_data_mensagem_agendada" timestamp with time zone,
	"whatsapp_ultima_mensagem_texto" text,
	"whatsapp_ultima_mensagem_data_geral" timestamp with time zone,
	"whatsapp_ultima_mensagem_data_enviada" timestamp with time zone,
	"whatsapp_ultima_mensagem_data_recebida" timestamp with time zone,
	"whatsapp_ultima_mensagem_nao_lidas" integer DEFAULT 0 NOT NULL,
	"whatsapp_ultima_mensagem_from_me" integer,
	"whatsapp_ultima_mensagem_tipo" varchar(40),
	"whatsapp_ultima_mensagem_status" integer,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unidade_configuracoes" ADD CONSTRAINT "unidade_configuracoes_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidades" ADD CONSTRAINT "unidades_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessoes" ADD CONSTRAINT "sessoes_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "potenciais" ADD CONSTRAINT "potenciais_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_negociacao" ADD CONSTRAINT "status_negociacao_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_negociacao_permitidos" ADD CONSTRAINT "status_negociacao_permitidos_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_negociacao_venda" ADD CONSTRAINT "status_negociacao_venda_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orientacoes" ADD CONSTRAINT "orientacoes_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orientacoes" ADD CONSTRAINT "orientacoes_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instancias_evolution" ADD CONSTRAINT "instancias_evolution_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historico" ADD CONSTRAINT "historico_cli_crm_id_leads_cli_crm_id_fk" FOREIGN KEY ("cli_crm_id") REFERENCES "public"."leads"("cli_crm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_tags" ADD CONSTRAINT "lead_tags_cli_crm_id_leads_cli_crm_id_fk" FOREIGN KEY ("cli_crm_id") REFERENCES "public"."leads"("cli_crm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_tags" ADD CONSTRAINT "lead_tags_id_tag_tags_id_fk" FOREIGN KEY ("id_tag") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usuarios_unidade_idx" ON "usuarios" USING btree ("id_unidade");--> statement-breakpoint
CREATE INDEX "sessoes_usuario_idx" ON "sessoes" USING btree ("id_usuario");--> statement-breakpoint
CREATE INDEX "potenciais_empresa_idx" ON "potenciais" USING btree ("id_empresa");--> statement-breakpoint
CREATE INDEX "tags_unidade_idx" ON "tags" USING btree ("id_unidade");--> statement-breakpoint
CREATE INDEX "orientacoes_empresa_idx" ON "orientacoes" USING btree ("id_empresa");--> statement-breakpoint
CREATE INDEX "instancias_unidade_idx" ON "instancias_evolution" USING btree ("id_unidade");--> statement-breakpoint
CREATE INDEX "historico_lead_idx" ON "historico" USING btree ("cli_crm_id","datacad");--> statement-breakpoint
CREATE INDEX "leads_unidade_captacao_idx" ON "leads" USING btree ("id_unidade","cli_data_captacao" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_unidade_telefone_chave_idx" ON "leads" USING btree ("id_unidade","telefone_chave");--> statement-breakpoint
CREATE INDEX "leads_unidade_status_idx" ON "leads" USING btree ("id_unidade","cli_status_negociacao");--> statement-breakpoint
CREATE INDEX "leads_nome_trgm_idx" ON "leads" USING gin (immutable_unaccent(lower("cli_nome")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_telefone_trgm_idx" ON "leads" USING gin ("cli_telefone" gin_trgm_ops);