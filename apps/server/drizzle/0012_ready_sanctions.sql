CREATE TABLE "ready_check_players" (
	"ready_check_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"ready_at" bigint,
	"is_open" boolean DEFAULT true NOT NULL,
	CONSTRAINT "ready_check_players_ready_check_id_user_id_pk" PRIMARY KEY("ready_check_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ready_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"season_id" text NOT NULL,
	"wave_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_at" bigint NOT NULL,
	"deadline_at" bigint NOT NULL,
	"closed_at" bigint,
	"match_id" bigint,
	"plan" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suspensions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"case_id" bigint,
	"starts_at" bigint NOT NULL,
	"ends_at" bigint NOT NULL,
	"created_by" text,
	"lifted_at" bigint,
	"lifted_by" text
);
--> statement-breakpoint
ALTER TABLE "match_players" ADD COLUMN "refunded_at" bigint;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD COLUMN "reporters_told_at" bigint;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "ready_check_id" bigint;--> statement-breakpoint
ALTER TABLE "ready_check_players" ADD CONSTRAINT "ready_check_players_ready_check_id_ready_checks_id_fk" FOREIGN KEY ("ready_check_id") REFERENCES "public"."ready_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ready_check_players" ADD CONSTRAINT "ready_check_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ready_checks" ADD CONSTRAINT "ready_checks_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspensions" ADD CONSTRAINT "suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspensions" ADD CONSTRAINT "suspensions_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ready_check_players_one_open" ON "ready_check_players" USING btree ("user_id") WHERE "ready_check_players"."is_open";--> statement-breakpoint
CREATE INDEX "ready_check_players_user_idx" ON "ready_check_players" USING btree ("user_id","ready_check_id");--> statement-breakpoint
CREATE INDEX "ready_checks_open_idx" ON "ready_checks" USING btree ("status","deadline_at");--> statement-breakpoint
CREATE INDEX "suspensions_user_idx" ON "suspensions" USING btree ("user_id","ends_at");