-- Pending invitations (issue 26's follow-up): an owner lists the invitations still waiting and
-- takes one back. A revoked invite keeps its row (its accept answers 410 as a used one does);
-- `revoked_at` says when. The inviter becomes a foreign key that a removed member sets to null,
-- so the list never names someone who is no longer there (ids of members removed before this
-- migration are cleared first).

ALTER TABLE "invite" ADD COLUMN "revoked_at" TIMESTAMPTZ(3);

UPDATE "invite" SET "created_by_id" = NULL
WHERE "created_by_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "member" WHERE "member"."id" = "invite"."created_by_id");
ALTER TABLE "invite" ADD CONSTRAINT "invite_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "member"("id") ON DELETE SET NULL ON UPDATE CASCADE;
