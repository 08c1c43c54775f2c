-- Issue 8: the session check reads its row from memory (auth/session-cache.ts) while nothing it
-- reads has changed. Every statement that changes one of the tables of that row (the session check's
-- SESSION_SELECT in auth.service.ts: sessoes, usuarios, unidades, unidade_configuracoes,
-- instancias_evolution) sends one NOTIFY on 'funil_sessoes' at its commit, and every server
-- process then drops its cached sessions. A new session (a login) changes no cached one, so an
-- INSERT on sessoes does not notify. Statement-level: one notification per statement, and
-- PostgreSQL folds the same notification sent twice in one transaction.
CREATE OR REPLACE FUNCTION "funil_sessoes_mudaram"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('funil_sessoes', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessoes_cache_sessoes" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessoes" FOR EACH STATEMENT EXECUTE FUNCTION "funil_sessoes_mudaram"();--> statement-breakpoint
CREATE TRIGGER "sessoes_cache_usuarios" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "usuarios" FOR EACH STATEMENT EXECUTE FUNCTION "funil_sessoes_mudaram"();--> statement-breakpoint
CREATE TRIGGER "sessoes_cache_unidades" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "unidades" FOR EACH STATEMENT EXECUTE FUNCTION "funil_sessoes_mudaram"();--> statement-breakpoint
CREATE TRIGGER "sessoes_cache_unidade_configuracoes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "unidade_configuracoes" FOR EACH STATEMENT EXECUTE FUNCTION "funil_sessoes_mudaram"();--> statement-breakpoint
CREATE TRIGGER "sessoes_cache_instancias_evolution" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "instancias_evolution" FOR EACH STATEMENT EXECUTE FUNCTION "funil_sessoes_mudaram"();
