-- Accent- and case-insensitive search (001 §5 "Search"): unaccent + trigram indexes.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE; an index needs an IMMUTABLE wrapper with the dictionary named.
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT;
