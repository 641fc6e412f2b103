CREATE TABLE "player_mmr" (
	"user_id" text PRIMARY KEY NOT NULL,
	"mu" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"season_id" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_players" ADD COLUMN "mmr_mu" double precision;--> statement-breakpoint
ALTER TABLE "match_players" ADD COLUMN "mmr_sigma" double precision;--> statement-breakpoint
ALTER TABLE "player_mmr" ADD CONSTRAINT "player_mmr_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;