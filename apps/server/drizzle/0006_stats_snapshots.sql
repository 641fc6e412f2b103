CREATE TABLE "stats_folded" (
	"season_id" text NOT NULL,
	"match_id" bigint NOT NULL,
	CONSTRAINT "stats_folded_season_id_match_id_pk" PRIMARY KEY("season_id","match_id")
);
--> statement-breakpoint
CREATE TABLE "stats_snapshots" (
	"season_id" text PRIMARY KEY NOT NULL,
	"counts" jsonb NOT NULL,
	"match_count" integer DEFAULT 0 NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stats_folded" ADD CONSTRAINT "stats_folded_season_id_stats_snapshots_season_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."stats_snapshots"("season_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_folded" ADD CONSTRAINT "stats_folded_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats_snapshots" ADD CONSTRAINT "stats_snapshots_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;