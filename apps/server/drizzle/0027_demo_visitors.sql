CREATE TABLE "demo_notification_reads" (
	"notification_id" uuid NOT NULL,
	"demo_session" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_notification_reads_demo_session_notification_id_pk" PRIMARY KEY("demo_session","notification_id")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "demo_session" text;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD COLUMN "demo_session" text;--> statement-breakpoint
ALTER TABLE "demo_notification_reads" ADD CONSTRAINT "demo_notification_reads_notification_id_user_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."user_notifications"("id") ON DELETE cascade ON UPDATE no action;