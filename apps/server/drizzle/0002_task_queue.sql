ALTER TABLE "tasks" ADD COLUMN "run_after" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "result" jsonb;--> statement-breakpoint
CREATE INDEX "tasks_claim_idx" ON "tasks" USING btree ("state","run_after");