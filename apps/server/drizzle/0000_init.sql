CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" text PRIMARY KEY NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"current_sales" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discord_credentials" (
	"user_id" text PRIMARY KEY NOT NULL,
	"profile" jsonb NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"expires_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ranking_snapshots" (
	"season_id" text PRIMARY KEY NOT NULL,
	"entries" jsonb NOT NULL,
	"computed_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "season_stats" (
	"user_id" text NOT NULL,
	"season_id" text NOT NULL,
	"rate" integer NOT NULL,
	"max_rate" integer NOT NULL,
	"match_count" integer DEFAULT 0 NOT NULL,
	"win_count" integer DEFAULT 0 NOT NULL,
	"max_rate_at" bigint NOT NULL,
	CONSTRAINT "season_stats_user_id_season_id_pk" PRIMARY KEY("user_id","season_id")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" bigint NOT NULL,
	"end_date" bigint NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"theme_color" text DEFAULT '#ff6b35' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()))::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"is_dummy" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"revoked_at" bigint
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()))::bigint NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "user_badges" (
	"user_id" text NOT NULL,
	"badge_id" text NOT NULL,
	"source" text NOT NULL,
	"acquired_at" bigint NOT NULL,
	CONSTRAINT "user_badges_user_id_badge_id_pk" PRIMARY KEY("user_id","badge_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"auth_sub" text NOT NULL,
	"is_dummy" boolean DEFAULT false NOT NULL,
	"discord_username" text DEFAULT '' NOT NULL,
	"discord_avatar_url" text DEFAULT '' NOT NULL,
	"trainer_name" text DEFAULT '' NOT NULL,
	"twitter_id" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"favorite_pokemon" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_badge" text,
	"current_badge_2" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_banned" boolean DEFAULT false NOT NULL,
	"start_rate" integer DEFAULT 1500 NOT NULL,
	"preferred_role" text,
	"penalty_count" integer DEFAULT 0 NOT NULL,
	"penalty_correction" integer DEFAULT 0 NOT NULL,
	"penalty_timeout_until" bigint,
	"last_penalty_at" bigint,
	"matches_since_penalty" integer DEFAULT 0 NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()))::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()))::bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ranking_snapshots" ADD CONSTRAINT "ranking_snapshots_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_stats" ADD CONSTRAINT "season_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_stats" ADD CONSTRAINT "season_stats_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "season_stats_season_idx" ON "season_stats" USING btree ("season_id","max_rate");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_one_active" ON "seasons" USING btree ("is_active") WHERE "seasons"."is_active";--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_trainer_name_idx" ON "users" USING btree ("trainer_name");--> statement-breakpoint
CREATE INDEX "users_discord_username_idx" ON "users" USING btree ("discord_username");