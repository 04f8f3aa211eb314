-- An information request still open when its application was approved or declined is closed: the
-- applicant can no longer answer it, and staff no longer see it "Awaiting answer".
ALTER TABLE "info_requests" DROP CONSTRAINT "info_requests_status_check";--> statement-breakpoint
ALTER TABLE "info_requests" ADD CONSTRAINT "info_requests_status_check" CHECK ("info_requests"."status" in ('pending', 'answered', 'closed'));--> statement-breakpoint
UPDATE "info_requests" SET "status" = 'closed'
  WHERE "status" = 'pending' AND "user_id" IN (SELECT "id" FROM "users" WHERE "status" <> 'pending');
