-- Change notices from every writer (src/server/modules/resources/list-cache.ts): every app node now
-- keeps a list cache, on PostgreSQL too, and listens on fyn_table_changed. A write made outside the
-- app (psql, a script) must tell them as well, so the notice no longer waits for a session setting.
CREATE OR REPLACE FUNCTION fyn_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fyn_table_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
