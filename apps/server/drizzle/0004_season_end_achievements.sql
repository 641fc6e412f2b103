CREATE TABLE "season_awards" (
	"season_id" text NOT NULL,
	"user_id" text NOT NULL,
	"tier" text NOT NULL,
	"badge_id" text NOT NULL,
	CONSTRAINT "season_awards_season_id_user_id_tier_pk" PRIMARY KEY("season_id","user_id","tier")
);
--> statement-breakpoint
CREATE TABLE "season_records" (
	"season_id" text NOT NULL,
	"user_id" text NOT NULL,
	"final_rate" integer NOT NULL,
	"max_rate" integer NOT NULL,
	"final_rank" integer,
	"total_matches" integer NOT NULL,
	"wins" integer NOT NULL,
	"effective_penalty" integer NOT NULL,
	CONSTRAINT "season_records_season_id_user_id_pk" PRIMARY KEY("season_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"achievement_id" text NOT NULL,
	"season_id" text,
	"badge_id" text,
	"earned_at" bigint NOT NULL,
	CONSTRAINT "user_achievements_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "awards" jsonb;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "ending_started_at" bigint;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "ended_at" bigint;--> statement-breakpoint
ALTER TABLE "season_awards" ADD CONSTRAINT "season_awards_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_awards" ADD CONSTRAINT "season_awards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_records" ADD CONSTRAINT "season_records_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_records" ADD CONSTRAINT "season_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "season_records_user_idx" ON "season_records" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_achievements_earned_idx" ON "user_achievements" USING btree ("user_id","earned_at");--> statement-breakpoint
UPDATE "seasons" SET "ending_started_at" = extract(epoch from now())::bigint
  WHERE NOT "is_active" AND "end_date" < extract(epoch from now())::bigint
    AND EXISTS (SELECT 1 FROM "season_stats" s WHERE s."season_id" = "seasons"."id" AND s."match_count" > 0);
