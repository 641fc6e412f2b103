ALTER TABLE "user_badges" ADD COLUMN "reference" text;--> statement-breakpoint
UPDATE "user_badges" SET "source" = 'admin' WHERE "source" = 'award';--> statement-breakpoint
UPDATE "user_badges" SET "source" = 'achievement' WHERE "source" = 'earned';
