CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"slot" bigint NOT NULL,
	"instance" text NOT NULL,
	"claimed_at" bigint NOT NULL,
	CONSTRAINT "job_runs_job_slot_pk" PRIMARY KEY("job","slot")
);
--> statement-breakpoint
ALTER TABLE "wave_runs" ADD COLUMN "slot" bigint;--> statement-breakpoint
ALTER TABLE "wave_runs" ADD COLUMN "missed" jsonb;