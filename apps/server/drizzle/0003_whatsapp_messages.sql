CREATE TABLE "whatsapp_eventos_pendentes" (
	"id_instancia" integer NOT NULL,
	"message_id" varchar(128) NOT NULL,
	"ack" smallint DEFAULT 0 NOT NULL,
	"is_error" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_eventos_pendentes_id_instancia_message_id_pk" PRIMARY KEY("id_instancia","message_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_lids" (
	"id_unidade" integer NOT NULL,
	"lid" varchar(120) NOT NULL,
	"cli_crm_id" integer NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_lids_id_unidade_lid_pk" PRIMARY KEY("id_unidade","lid")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_mensagens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"cli_crm_id" integer NOT NULL,
	"id_instancia" integer,
	"id_ticket" integer,
	"message_id" varchar(128),
	"remote_jid" varchar(120),
	"phone_jid" varchar(120),
	"from_me" boolean NOT NULL,
	"media_type" varchar(40) NOT NULL,
	"gateway_type" varchar(60),
	"body" text DEFAULT '' NOT NULL,
	"media_path" text,
	"mimetype" varchar(200),
	"file_name" varchar(255),
	"media_status" varchar(10) DEFAULT 'none' NOT NULL,
	"ack" smallint DEFAULT 0 NOT NULL,
	"is_error" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"lido" boolean DEFAULT false NOT NULL,
	"quoted_message_id" varchar(128),
	"quoted" jsonb,
	"reaction_target_id" varchar(128),
	"sender_timestamp" bigint,
	"push_name" varchar(200),
	"id_usuario" integer,
	"criado_em" timestamp with time zone NOT NULL,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_empresa" integer NOT NULL,
	"id_unidade" integer NOT NULL,
	"cli_crm_id" integer NOT NULL,
	"queue_id" integer,
	"id_usuario" integer,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"id_instancia" integer,
	"datacad" timestamp with time zone DEFAULT now() NOT NULL,
	"data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instancias_evolution" ADD COLUMN "gateway_instance_id" varchar(64);--> statement-breakpoint
ALTER TABLE "instancias_evolution" ADD COLUMN "qrcode" text;--> statement-breakpoint
ALTER TABLE "whatsapp_lids" ADD CONSTRAINT "whatsapp_lids_cli_crm_id_leads_cli_crm_id_fk" FOREIGN KEY ("cli_crm_id") REFERENCES "public"."leads"("cli_crm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD CONSTRAINT "whatsapp_mensagens_cli_crm_id_leads_cli_crm_id_fk" FOREIGN KEY ("cli_crm_id") REFERENCES "public"."leads"("cli_crm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagens" ADD CONSTRAINT "whatsapp_mensagens_id_instancia_instancias_evolution_id_fk" FOREIGN KEY ("id_instancia") REFERENCES "public"."instancias_evolution"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_tickets" ADD CONSTRAINT "whatsapp_tickets_cli_crm_id_leads_cli_crm_id_fk" FOREIGN KEY ("cli_crm_id") REFERENCES "public"."leads"("cli_crm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_mensagens_instancia_msg_uq" ON "whatsapp_mensagens" USING btree ("id_instancia","message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_mensagens_lead_idx" ON "whatsapp_mensagens" USING btree ("cli_crm_id","criado_em" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "whatsapp_mensagens_reacao_idx" ON "whatsapp_mensagens" USING btree ("id_instancia","reaction_target_id") WHERE "whatsapp_mensagens"."reaction_target_id" is not null;--> statement-breakpoint
CREATE INDEX "whatsapp_mensagens_ticket_idx" ON "whatsapp_mensagens" USING btree ("id_ticket","criado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "whatsapp_tickets_lead_idx" ON "whatsapp_tickets" USING btree ("cli_crm_id");