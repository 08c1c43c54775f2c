-- Issue 22 §2, the ingest regression: the stream no longer serialises its writers with one lock
-- (docs/decisions.md "Lead events: order without a lock"). A reader passes an id only once every
-- transaction that could still commit a smaller one has ended; it knows them from the snapshot's
-- running transaction ids, read after the sequence. That holds only if a transaction has its id
-- (xid) before it takes an event id from the sequence: this statement trigger, fired before the
-- first row of every insert into lead_eventos (before its nextval), gives the transaction its xid
-- if it has none yet (an append that is its transaction's first write). The sequence keeps CACHE 1
-- (the bigserial default): a cached value handed out later would break the rule.
CREATE OR REPLACE FUNCTION "funil_lead_eventos_xid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_current_xact_id();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lead_eventos_xid" BEFORE INSERT ON "lead_eventos" FOR EACH STATEMENT EXECUTE FUNCTION "funil_lead_eventos_xid"();
