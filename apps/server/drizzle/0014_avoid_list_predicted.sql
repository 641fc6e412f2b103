CREATE TABLE "player_avoids" (
	"user_id" text NOT NULL,
	"avoided_user_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "player_avoids_user_id_avoided_user_id_pk" PRIMARY KEY("user_id","avoided_user_id")
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "predicted_a" double precision;--> statement-breakpoint
ALTER TABLE "player_avoids" ADD CONSTRAINT "player_avoids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_avoids" ADD CONSTRAINT "player_avoids_avoided_user_id_users_id_fk" FOREIGN KEY ("avoided_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_avoids_avoided_idx" ON "player_avoids" USING btree ("avoided_user_id");