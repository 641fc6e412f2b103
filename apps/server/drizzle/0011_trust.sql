CREATE TABLE "disputes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"match_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"evidence_id" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" bigint NOT NULL,
	"resolved_at" bigint,
	"resolved_by" text,
	"resolution_note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uploader_id" text NOT NULL,
	"match_id" bigint NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_cases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"severity" integer NOT NULL,
	"match_id" bigint,
	"user_id" text,
	"other_user_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"opened_at" bigint NOT NULL,
	"closed_at" bigint,
	"closed_by" text,
	"action" text,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trust_scan" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_match_id" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warnings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"case_id" bigint,
	"match_id" bigint,
	"reason" text NOT NULL,
	"created_at" bigint NOT NULL,
	"created_by" text NOT NULL,
	"seen_at" bigint
);
--> statement-breakpoint
ALTER TABLE "match_reports" ADD COLUMN "violation_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "match_reports" ADD COLUMN "violation_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "match_reports" ADD COLUMN "evidence_id" bigint;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence" ADD CONSTRAINT "evidence_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence" ADD CONSTRAINT "evidence_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_other_user_id_users_id_fk" FOREIGN KEY ("other_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warnings" ADD CONSTRAINT "warnings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warnings" ADD CONSTRAINT "warnings_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_match_user_idx" ON "disputes" USING btree ("match_id","user_id");--> statement-breakpoint
CREATE INDEX "evidence_match_idx" ON "evidence" USING btree ("match_id","uploader_id");--> statement-breakpoint
CREATE INDEX "evidence_uploader_idx" ON "evidence" USING btree ("uploader_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_open_key_idx" ON "moderation_cases" USING btree ("key") WHERE "moderation_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_cases_status_idx" ON "moderation_cases" USING btree ("status","severity","opened_at");--> statement-breakpoint
CREATE INDEX "warnings_user_idx" ON "warnings" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "match_reports" ADD CONSTRAINT "match_reports_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The trust scan starts after the matches already closed: history is not re-judged (docs/trust.md).
INSERT INTO "trust_scan" ("id", "last_match_id", "updated_at")
SELECT 1, coalesce(max("id"), 0), (extract(epoch from now()))::bigint FROM "matches" WHERE "penalties_processed";
