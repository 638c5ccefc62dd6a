-- When a questionnaire takes responses (issue 24): a schedule, a limit of completed responses and
-- quotas. Settings of the questionnaire, not of a version: a date or a limit changes without a
-- publish. Times are stored as timestamptz (an instant; shown in UTC by the API).

-- Constant defaults and nullable columns: added without rewriting the table.
ALTER TABLE "questionnaire" ADD COLUMN "opens_at" TIMESTAMPTZ(3);
ALTER TABLE "questionnaire" ADD COLUMN "closes_at" TIMESTAMPTZ(3);
ALTER TABLE "questionnaire" ADD COLUMN "close_grace_minutes" INTEGER NOT NULL DEFAULT 60;
ALTER TABLE "questionnaire" ADD COLUMN "max_completed_responses" INTEGER;
ALTER TABLE "questionnaire" ADD COLUMN "quotas" JSONB NOT NULL DEFAULT '[]';

-- Which quotas counted a completed response: one row per (response, quota), written in the
-- completing transaction. A quota's count is the number of its rows; an erased response takes its
-- rows with it (cascade), so the count is always of completed responses that exist.
CREATE TABLE "response_quota" (
    "response_id" UUID NOT NULL,
    "questionnaire_id" UUID NOT NULL,
    "quota_id" TEXT NOT NULL,

    CONSTRAINT "response_quota_pkey" PRIMARY KEY ("response_id", "quota_id")
);

-- A quota's count: an index-only scan of its entries.
CREATE INDEX "response_quota_questionnaire_id_quota_id_idx" ON "response_quota"("questionnaire_id", "quota_id");

ALTER TABLE "response_quota" ADD CONSTRAINT "response_quota_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "response"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "response_quota" ADD CONSTRAINT "response_quota_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every server process keeps the settings in memory: the NOTIFY trigger also fires when these
-- change, so they are in force everywhere as the change commits.
DROP TRIGGER "questionnaire_settings_changed" ON "questionnaire";
CREATE TRIGGER "questionnaire_settings_changed" AFTER UPDATE ON "questionnaire" FOR EACH ROW
  WHEN ((OLD."public_id", OLD."name", OLD."allowed_origins", OLD."submission_policy", OLD."current_version",
         OLD."opens_at", OLD."closes_at", OLD."close_grace_minutes", OLD."max_completed_responses", OLD."quotas")
        IS DISTINCT FROM
        (NEW."public_id", NEW."name", NEW."allowed_origins", NEW."submission_policy", NEW."current_version",
         NEW."opens_at", NEW."closes_at", NEW."close_grace_minutes", NEW."max_completed_responses", NEW."quotas"))
  EXECUTE FUNCTION "notify_questionnaire_changed"();

-- Processes also keep whether a questionnaire with a limit is FULL. The completion that fills the
-- limit notifies (apps/server/src/services/guarded-completion.ts); an erasure of a completed
-- response may free a place, however it is made: this trigger tells every process. A
-- questionnaire's own delete notifies through its trigger above.
CREATE FUNCTION "notify_place_freed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('questionnaire_changed', q."id"::text)
  FROM "questionnaire" q
  WHERE q."max_completed_responses" IS NOT NULL
    AND q."id" IN (SELECT o."questionnaire_id" FROM old_rows o WHERE o."status" = 'COMPLETED');
  RETURN NULL;
END
$$;

CREATE TRIGGER "response_place_freed" AFTER DELETE ON "response"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_place_freed"();
