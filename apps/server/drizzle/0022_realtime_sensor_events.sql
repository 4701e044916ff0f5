CREATE TABLE "sensor_events" (
	"device_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"speed_mps" real,
	"length_m" real,
	"class_index" smallint,
	"axles" smallint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensor_events_device_id_time_pk" PRIMARY KEY("device_id","time")
);
--> statement-breakpoint
ALTER TABLE "sensor_events" ADD CONSTRAINT "sensor_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_events" ADD CONSTRAINT "sensor_events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_realtime_day_unique" ON "traffic_data_files" USING btree ("site_id","file_name") WHERE "traffic_data_files"."kind" = 'realtime';