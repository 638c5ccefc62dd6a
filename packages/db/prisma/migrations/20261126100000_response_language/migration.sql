-- Languages (issue 22): the language a respondent answers in, recorded on the response (a tag of
-- its pinned version: the version's default language unless another was asked for). The response
-- counts keep it too, so that browse's total and a deep page filtered by language stay a sum of a
-- few count rows (migration 20261126000000_response_counts), and webhook payloads carry it.

-- Writers wait while the column, the counts and the triggers change: none is missed or counted twice.
LOCK TABLE "response" IN SHARE ROW EXCLUSIVE MODE;

-- The language of a version: its definition's defaultLanguage (stored canonical), else English.
CREATE FUNCTION "version_default_language"(p_questionnaire UUID, p_version INTEGER) RETURNS TEXT
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT v."definition"->>'defaultLanguage' FROM "questionnaire_version" v
                   WHERE v."questionnaire_id" = p_questionnaire AND v."version_number" = p_version), 'en')
$$;

-- Every existing response was answered in its version's default language (none could ask for
-- another). A constant default fills the column without rewriting the table; only the responses of
-- versions whose default is not English are then updated (no trigger watches this column yet).
ALTER TABLE "response" ADD COLUMN "language" TEXT NOT NULL DEFAULT 'en';
UPDATE "response" r SET "language" = l."language"
FROM (SELECT "questionnaire_id", "version_number", "definition"->>'defaultLanguage' AS "language"
      FROM "questionnaire_version"
      WHERE coalesce("definition"->>'defaultLanguage', 'en') <> 'en') AS l
WHERE r."questionnaire_id" = l."questionnaire_id" AND r."version_number" = l."version_number";
-- Every insert names its language: a forgotten one is an error, not a silent English.
ALTER TABLE "response" ALTER COLUMN "language" DROP DEFAULT;

-- The counts gain the language, filled the same way (a version's rows all have its default).
ALTER TABLE "response_count_by_day" ADD COLUMN "language" TEXT NOT NULL DEFAULT 'en';
ALTER TABLE "response_count_by_minute" ADD COLUMN "language" TEXT NOT NULL DEFAULT 'en';
ALTER TABLE "response_count_change" ADD COLUMN "language" TEXT NOT NULL DEFAULT 'en';
UPDATE "response_count_by_day" SET "language" = "version_default_language"("questionnaire_id", "version_number");
UPDATE "response_count_by_minute" SET "language" = "version_default_language"("questionnaire_id", "version_number");
UPDATE "response_count_change" SET "language" = "version_default_language"("questionnaire_id", "version_number");
ALTER TABLE "response_count_by_day" ALTER COLUMN "language" DROP DEFAULT;
ALTER TABLE "response_count_by_minute" ALTER COLUMN "language" DROP DEFAULT;
ALTER TABLE "response_count_change" ALTER COLUMN "language" DROP DEFAULT;

ALTER TABLE "response_count_by_day" DROP CONSTRAINT "response_count_by_day_pkey",
  ADD CONSTRAINT "response_count_by_day_pkey" PRIMARY KEY ("questionnaire_id", "day", "version_number", "status", "language");
ALTER TABLE "response_count_by_minute" DROP CONSTRAINT "response_count_by_minute_pkey",
  ADD CONSTRAINT "response_count_by_minute_pkey" PRIMARY KEY ("questionnaire_id", "minute", "version_number", "status", "language");

DROP FUNCTION "version_default_language"(UUID, INTEGER);

CREATE OR REPLACE FUNCTION "response_counts_fold"(p_questionnaire UUID) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(72707370, hashtext(p_questionnaire::text)) THEN
    RETURN;
  END IF;
  WITH moved AS (
    DELETE FROM "response_count_change" WHERE "questionnaire_id" = p_questionnaire
    RETURNING "day", "minute", "version_number", "status", "language", "n"
  ), by_minute AS (
    SELECT "day", "minute", "version_number", "status", "language", sum("n") AS "n" FROM moved GROUP BY 1, 2, 3, 4, 5
  ), minutes AS (
    INSERT INTO "response_count_by_minute" AS c ("questionnaire_id", "minute", "version_number", "status", "language", "n")
    SELECT p_questionnaire, "minute", "version_number", "status", "language", "n" FROM by_minute WHERE "n" <> 0
    ORDER BY 2, 3, 4, 5
    ON CONFLICT ("questionnaire_id", "minute", "version_number", "status", "language") DO UPDATE SET "n" = c."n" + EXCLUDED."n"
  )
  INSERT INTO "response_count_by_day" AS c ("questionnaire_id", "day", "version_number", "status", "language", "n")
  SELECT p_questionnaire, "day", "version_number", "status", "language", sum("n") FROM by_minute
  GROUP BY 2, 3, 4, 5 HAVING sum("n") <> 0 ORDER BY 2, 3, 4, 5
  ON CONFLICT ("questionnaire_id", "day", "version_number", "status", "language") DO UPDATE SET "n" = c."n" + EXCLUDED."n";
END
$$;

CREATE OR REPLACE FUNCTION "response_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "response_count_change" ("questionnaire_id", "day", "minute", "version_number", "status", "language", "n")
  SELECT "questionnaire_id", "response_count_day"("created_at"), "response_count_minute"("created_at"),
         "version_number", "status", "language", count(*)
  FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6;
  PERFORM "response_counts_maybe_fold"(ARRAY(SELECT DISTINCT "questionnaire_id" FROM new_rows));
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "response_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted UUID[] := ARRAY(
    SELECT DISTINCT o."questionnaire_id" FROM old_rows o
    WHERE EXISTS (SELECT 1 FROM "questionnaire" q WHERE q."id" = o."questionnaire_id"));
BEGIN
  INSERT INTO "response_count_change" ("questionnaire_id", "day", "minute", "version_number", "status", "language", "n")
  SELECT "questionnaire_id", "response_count_day"("created_at"), "response_count_minute"("created_at"),
         "version_number", "status", "language", -count(*)
  FROM old_rows WHERE "questionnaire_id" = ANY (counted) GROUP BY 1, 2, 3, 4, 5, 6;
  PERFORM "response_counts_maybe_fold"(counted);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "response_counts_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "response_count_change" ("questionnaire_id", "day", "minute", "version_number", "status", "language", "n")
  VALUES
    (OLD."questionnaire_id", "response_count_day"(OLD."created_at"), "response_count_minute"(OLD."created_at"),
     OLD."version_number", OLD."status", OLD."language", -1),
    (NEW."questionnaire_id", "response_count_day"(NEW."created_at"), "response_count_minute"(NEW."created_at"),
     NEW."version_number", NEW."status", NEW."language", 1);
  PERFORM "response_counts_maybe_fold"(ARRAY[OLD."questionnaire_id", NEW."questionnaire_id"]);
  RETURN NULL;
END
$$;

-- A language switch moves the response between counts, as a completion does. Answer saves that
-- name no language leave the column out of their SET list, so this trigger still never runs for them.
DROP TRIGGER "response_counts_moved" ON "response";
CREATE TRIGGER "response_counts_moved"
  AFTER UPDATE OF "questionnaire_id", "version_number", "status", "created_at", "language" ON "response"
  FOR EACH ROW
  WHEN ((OLD."questionnaire_id", OLD."version_number", OLD."status", OLD."created_at", OLD."language")
        IS DISTINCT FROM (NEW."questionnaire_id", NEW."version_number", NEW."status", NEW."created_at", NEW."language"))
  EXECUTE FUNCTION "response_counts_moved"();

-- Webhook payloads of response events carry the recorded language.
CREATE OR REPLACE FUNCTION "webhook_response_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_type TEXT := CASE WHEN TG_OP = 'INSERT' THEN 'response.created' ELSE 'response.completed' END;
BEGIN
  IF NOT "webhook_subscribed"(NEW."questionnaire_id", event_type) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM "webhook_raise_event"(NEW."questionnaire_id", NEW."id", event_type, json_build_object(
      'questionnaireId', NEW."questionnaire_id",
      'publicId', (SELECT "public_id" FROM "questionnaire" WHERE "id" = NEW."questionnaire_id"),
      'responseId', NEW."id",
      'versionNumber', NEW."version_number",
      'externalRef', NEW."external_ref",
      'language', NEW."language",
      'createdAt', "webhook_timestamp"(NEW."created_at")));
  ELSE
    PERFORM "webhook_raise_event"(NEW."questionnaire_id", NEW."id", event_type, json_build_object(
      'questionnaireId', NEW."questionnaire_id",
      'publicId', (SELECT "public_id" FROM "questionnaire" WHERE "id" = NEW."questionnaire_id"),
      'responseId', NEW."id",
      'versionNumber', NEW."version_number",
      'externalRef', NEW."external_ref",
      'language', NEW."language",
      'createdAt', "webhook_timestamp"(NEW."created_at"),
      'status', NEW."status",
      'answers', NEW."answers",
      'completedAt', "webhook_timestamp"(NEW."completed_at")));
  END IF;
  RETURN NULL;
END
$$;
