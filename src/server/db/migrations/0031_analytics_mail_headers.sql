DROP INDEX "analytics_subscriptions_unsubscribe_key";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_subscriptions" DROP COLUMN "unsubscribe_hash";