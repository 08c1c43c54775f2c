-- Issue 23 §2: a company's Meta connection (token encrypted AES-256-GCM, expiry, ad accounts, default unit),
-- the pages that feed it (page tokens encrypted), the chosen lead forms with an optional unit each, and the
-- login dialog's pending states (single use, tied to the session that asked).
CREATE TABLE "meta_conexoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"token_cifrado" text NOT NULL,
	"token_tipo" varchar(10) NOT NULL,
	"expira_em" timestamp with time zone,
	"meta_usuario_id" varchar(64),
	"meta_usuario_nome" varchar(200),
	"id_usuario" integer,
	"contas_anuncio" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"id_unidade_padrao" integer,
	"ultima_sincronizacao" jsonb,
	"gasto_sincronizado_ate" date,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta_formularios" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_pagina" integer NOT NULL,
	"form_id" varchar(64) NOT NULL,
	"nome" varchar(200) NOT NULL,
	"id_unidade" integer,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta_oauth_estados" (
	"estado_hash" varchar(64) PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_usuario" integer NOT NULL,
	"id_sessao" integer NOT NULL,
	"redirect_uri" varchar(500) NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta_paginas" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"page_id" varchar(64) NOT NULL,
	"nome" varchar(200) NOT NULL,
	"token_cifrado" text NOT NULL,
	"inscrita" boolean DEFAULT false NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meta_conexoes" ADD CONSTRAINT "meta_conexoes_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_conexoes" ADD CONSTRAINT "meta_conexoes_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_conexoes" ADD CONSTRAINT "meta_conexoes_id_unidade_padrao_unidades_id_fk" FOREIGN KEY ("id_unidade_padrao") REFERENCES "public"."unidades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_formularios" ADD CONSTRAINT "meta_formularios_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_formularios" ADD CONSTRAINT "meta_formularios_id_pagina_meta_paginas_id_fk" FOREIGN KEY ("id_pagina") REFERENCES "public"."meta_paginas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_formularios" ADD CONSTRAINT "meta_formularios_id_unidade_unidades_id_fk" FOREIGN KEY ("id_unidade") REFERENCES "public"."unidades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_oauth_estados" ADD CONSTRAINT "meta_oauth_estados_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_oauth_estados" ADD CONSTRAINT "meta_oauth_estados_id_usuario_usuarios_id_fk" FOREIGN KEY ("id_usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_paginas" ADD CONSTRAINT "meta_paginas_id_empresa_empresas_id_fk" FOREIGN KEY ("id_empresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meta_conexoes_empresa_uq" ON "meta_conexoes" USING btree ("id_empresa");--> statement-breakpoint
CREATE UNIQUE INDEX "meta_formularios_form_uq" ON "meta_formularios" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "meta_formularios_pagina_idx" ON "meta_formularios" USING btree ("id_pagina");--> statement-breakpoint
CREATE INDEX "meta_oauth_estados_expira_idx" ON "meta_oauth_estados" USING btree ("expira_em");--> statement-breakpoint
CREATE UNIQUE INDEX "meta_paginas_page_uq" ON "meta_paginas" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "meta_paginas_empresa_idx" ON "meta_paginas" USING btree ("id_empresa");