-- Issue 22 §2: the stream's safe horizon now waits on the transactions holding lead_eventos'
-- RowExclusiveLock (pg_locks), not on snapshot xids (docs/decisions.md "Lead events: order without
-- a lock", amended): 0024's trigger, which gave every append an xid first, no longer serves the
-- rule and only cost a call per insert.
DROP TRIGGER IF EXISTS "lead_eventos_xid" ON "lead_eventos";--> statement-breakpoint
DROP FUNCTION IF EXISTS "funil_lead_eventos_xid"();
