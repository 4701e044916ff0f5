CREATE TABLE "scheduled_runs" (
	"name" text NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"claimed_by" text NOT NULL,
	"claimed_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_runs_name_slot_pk" PRIMARY KEY("name","slot")
);
