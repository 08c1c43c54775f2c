-- Hand-written (issue 22 ingest speed): a batch of messages whose words its lead's row already has
-- leaves the row as it is. Rewriting it (`palavras || excluded.palavras`, the same words) made a new row
-- version and inserted every word of the lead's conversation into the GIN index again, for each message:
-- on the webhook bench the words cost 16 % of PostgreSQL's time (docs/performance.md "Webhook ingestion").
CREATE OR REPLACE FUNCTION whatsapp_palavras_inseridas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO whatsapp_palavras_lead AS p (cli_crm_id, id_unidade, palavras)
  SELECT n.cli_crm_id, max(n.id_unidade), whatsapp_palavras_de(max(n.id_unidade), string_agg(n.body, ' '))
  FROM novas n
  WHERE NOT n.is_deleted AND n.media_type NOT IN ('reaction', 'call_log') AND n.body <> ''
  GROUP BY n.cli_crm_id
  ORDER BY n.cli_crm_id
  ON CONFLICT (cli_crm_id) DO UPDATE SET palavras = p.palavras || excluded.palavras, id_unidade = excluded.id_unidade
    WHERE p.id_unidade IS DISTINCT FROM excluded.id_unidade
      OR NOT (tsvector_to_array(excluded.palavras) <@ tsvector_to_array(p.palavras));
  RETURN NULL;
END $$;
