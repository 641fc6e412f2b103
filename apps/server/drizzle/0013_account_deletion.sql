ALTER TABLE "users" ADD COLUMN "deletion_requested_at" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" bigint;--> statement-breakpoint
CREATE INDEX "users_deletion_due_idx" ON "users" USING btree ("deletion_requested_at") WHERE "users"."deletion_requested_at" is not null and "users"."deleted_at" is null;