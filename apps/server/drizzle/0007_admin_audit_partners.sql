CREATE TABLE "auditoria" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer,
	"id_unidade" integer,
	"id_usuario" integer,
	"nome_usuario" varchar(200) NOT NULL,
	"entidade" varchar(40) NOT NULL,
	"id_entidade" integer NOT NULL,
	"acao" varchar(10) NOT NULL,
	"alteracoes" jsonb NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parceiros" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"nome" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"senha_hash" text NOT NULL,
	"descricao" varchar(500) NOT NULL,
	"conta" varchar(200) NOT NULL,
	"administrador" integer DEFAULT 0 NOT NULL,
	"ativo" integer DEFAULT 1 NOT NULL,
	"valor_operacao_1" numeric(12, 2) DEFAULT '0' NOT NULL,
	"valor_operacao_2" numeric(12, 2) DEFAULT '0' NOT NULL,
	"valor_operacao_3" numeric(12, 2) DEFAULT '0' NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parceiros" ADD CONSTRAINT "parceiros_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parceiros" ADD CONSTRAINT "parceiros_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_empresa_idx" ON "auditoria" USING btree ("id_empresa","id");--> statement-breakpoint
CREATE INDEX "auditoria_unidade_idx" ON "auditoria" USING btree ("id_unidade","id");--> statement-breakpoint
CREATE INDEX "parceiros_unidade_idx" ON "parceiros" USING btree ("id_unidade");