ALTER TABLE "sensor_events" DROP CONSTRAINT "sensor_events_organisation_id_organisations_id_fk";
