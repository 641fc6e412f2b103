CREATE TABLE "match_players" (
	"match_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"team" text NOT NULL,
	"slot" integer NOT NULL,
	"role" text NOT NULL,
	"rate_before" integer NOT NULL,
	"deck_type" text,
	"wait_seconds" integer NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	CONSTRAINT "match_players_match_id_user_id_pk" PRIMARY KEY("match_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"season_id" text NOT NULL,
	"wave_id" integer,
	"status" text DEFAULT 'matched' NOT NULL,
	"matched_at" bigint NOT NULL,
	"started_at" bigint NOT NULL,
	"lobby_id" text,
	"host_user_id" text NOT NULL,
	"first_attack" text NOT NULL,
	"team_gap" double precision NOT NULL,
	"rating_spread" integer NOT NULL,
	"winner" text,
	"settled_at" bigint
);
--> statement-breakpoint
CREATE TABLE "queue_entries" (
	"user_id" text PRIMARY KEY NOT NULL,
	"deck_type" text,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"joined_at" bigint NOT NULL,
	"waves_missed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wave_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"ran_at" bigint NOT NULL,
	"candidates" integer NOT NULL,
	"matched" integer NOT NULL,
	"left_waiting" integer NOT NULL,
	"match_count" integer NOT NULL,
	"average_wait_seconds" double precision,
	"metrics" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_players_one_open" ON "match_players" USING btree ("user_id") WHERE "match_players"."is_open";--> statement-breakpoint
CREATE INDEX "matches_status_idx" ON "matches" USING btree ("status");--> statement-breakpoint
CREATE INDEX "queue_entries_joined_idx" ON "queue_entries" USING btree ("joined_at");--> statement-breakpoint
CREATE INDEX "wave_runs_ran_idx" ON "wave_runs" USING btree ("ran_at");