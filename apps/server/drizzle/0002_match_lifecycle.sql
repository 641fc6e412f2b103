CREATE TABLE "match_reports" (
	"match_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"team" text NOT NULL,
	"result" text NOT NULL,
	"banned_pokemon" text NOT NULL,
	"picked_pokemon" text NOT NULL,
	"pokemon_move1" text NOT NULL,
	"pokemon_move2" text NOT NULL,
	"violation_report" text NOT NULL,
	"reported_at" bigint NOT NULL,
	CONSTRAINT "match_reports_match_id_user_id_pk" PRIMARY KEY("match_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "match_players" ADD COLUMN "rate_after" integer;--> statement-breakpoint
ALTER TABLE "match_players" ADD COLUMN "rate_delta" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "settle_reason" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "penalties_processed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "penalty_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "match_reports" ADD CONSTRAINT "match_reports_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_reports" ADD CONSTRAINT "match_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_players_user_idx" ON "match_players" USING btree ("user_id","match_id");