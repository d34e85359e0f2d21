ALTER TABLE "staff_invitations" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD COLUMN "manager_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_offer_id_fk" FOREIGN KEY ("organisation_id","offer_id") REFERENCES "public"."offers"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_manager_id_fk" FOREIGN KEY ("organisation_id","manager_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_offer_id_idx" ON "staff_invitations" USING btree ("organisation_id","offer_id","id");--> statement-breakpoint
-- Before this migration a hire bound the person's account at once: users.organisation_id set beside an
-- `invited` membership, for an existing account as for one made for an unknown e-mail. The account is
-- its owner's again (they may create or join another organisation); the invitation mailed then still
-- works, and accepting it activates that membership (staff/routes.ts).
UPDATE "users" u SET "organisation_id" = NULL, "updated_at" = now()
 WHERE EXISTS (SELECT 1 FROM "organisation_members" m WHERE m."user_id" = u."id" AND m."organisation_id" = u."organisation_id" AND m."status" = 'invited');--> statement-breakpoint
-- A session that ends (logout, a password reset or change, a revocation, its user deleted) ends its
-- live streams on every node: fyn_live carries `session:<id>` beside the events' `<id>:<user>`
-- (events/hub.ts). NOTIFY waits for the commit, as for the events.
CREATE FUNCTION fyn_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fyn_live', 'session:' || OLD.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_ended AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION fyn_session_ended();--> statement-breakpoint
-- A membership that stops being active (deactivated, removed) ends the person's streams
-- (`user:<id>`): they reconnect as who they are now.
CREATE FUNCTION fyn_membership_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'active' THEN PERFORM pg_notify('fyn_live', 'user:' || OLD.user_id::text); END IF;
  ELSIF OLD.status = 'active' AND NEW.status <> 'active' THEN
    PERFORM pg_notify('fyn_live', 'user:' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER organisation_members_ended AFTER UPDATE OF "status" OR DELETE ON "organisation_members" FOR EACH ROW EXECUTE FUNCTION fyn_membership_ended();
