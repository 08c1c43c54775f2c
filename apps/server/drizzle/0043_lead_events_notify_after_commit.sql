-- Issue 23 "Tests and figures": the lead event stream's wake-up leaves the appending transaction.
-- A transaction that NOTIFYs takes one lock for the whole server at its commit and holds it through
-- its WAL flush, so 0023's statement trigger made every change of a lead commit one at a time
-- behind every other (a capture's commit waited for the flushes of all the commits queued before
-- it). The append now announces itself after its commit (lead-events.service.ts `announceAppend`,
-- in a transaction of its own that does not wait for the flush); docs/decisions.md
-- "Lead events: the wake-up after the commit".
DROP TRIGGER IF EXISTS "lead_eventos_notifica" ON "lead_eventos";--> statement-breakpoint
DROP FUNCTION IF EXISTS "funil_lead_eventos_novos"();
