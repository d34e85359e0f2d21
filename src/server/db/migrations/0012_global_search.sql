-- Global search (GET /api/search): names folded to lower case without accents ("Lucía" is found by
-- "lucia"), in generated columns so that the index moves in the same transaction as the data, with
-- trigram indexes for parts of words and typos.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); with the dictionary named it is safe to
-- call from a generated column through an IMMUTABLE wrapper.
CREATE FUNCTION fyn_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (fyn_fold(name)) STORED;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (fyn_fold(name || ' ' || city)) STORED;--> statement-breakpoint
CREATE INDEX "users_search_name_idx" ON "users" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organisations_search_text_idx" ON "organisations" USING gin ("search_text" gin_trgm_ops);