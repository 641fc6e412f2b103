CREATE TABLE "rating_refits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"season_id" text,
	"actor_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"applied" boolean NOT NULL,
	"effective_from" bigint,
	"params" jsonb NOT NULL,
	"report" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rating_refits_one_per_season" ON "rating_refits" USING btree ("season_id") WHERE "rating_refits"."trigger" = 'season_end';--> statement-breakpoint
CREATE INDEX "rating_refits_applied_idx" ON "rating_refits" USING btree ("effective_from") WHERE "rating_refits"."applied";