-- Response counts, so that browsing a questionnaire of a million responses never walks them
-- (apps/server/src/services/export-sql.ts, docs/performance.md): browse's total is a sum of a few
-- rows, and a page anywhere is found by summing counts per day, then per minute of that day, and
-- walking at most one minute of rows. Kept by triggers in the writing transaction, whichever code
-- path writes (inserts, completions, hard deletes, a questionnaire's delete), so any snapshot sees
-- counts that agree with its rows exactly. Counted by questionnaire, version and status: the
-- filters browse offers that are worth counting (an external reference matches few rows; its index
-- counts them).
--
-- Writers never update a shared count row (that row would serialise every response of a busy
-- questionnaire on its lock until commit: three times fewer inserts a second at 32 connections).
-- Each writing statement appends its changes to "response_count_change"; about one statement in
-- 64 folds the questionnaire's appended changes into the per-day and per-minute counts, under an
-- advisory lock that other folders skip rather than wait for. Readers add both.

-- Writers wait while the triggers are made and the counts filled: none is missed or counted twice.
LOCK TABLE "response" IN SHARE ROW EXCLUSIVE MODE;

-- CreateTable
CREATE TABLE "response_count_by_day" (
    "questionnaire_id" UUID NOT NULL,
    -- Days since 1970-01-01 in UTC: floor(epoch of created_at / 86400).
    "day" INTEGER NOT NULL,
    "version_number" INTEGER NOT NULL,
    "status" "ResponseStatus" NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "response_count_by_day_pkey" PRIMARY KEY ("questionnaire_id", "day", "version_number", "status")
);

-- CreateTable
CREATE TABLE "response_count_by_minute" (
    "questionnaire_id" UUID NOT NULL,
    -- Minutes since 1970-01-01: floor(epoch of created_at / 60).
    "minute" BIGINT NOT NULL,
    "version_number" INTEGER NOT NULL,
    "status" "ResponseStatus" NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "response_count_by_minute_pkey" PRIMARY KEY ("questionnaire_id", "minute", "version_number", "status")
);

-- CreateTable
CREATE TABLE "response_count_change" (
    "id" BIGSERIAL NOT NULL,
    "questionnaire_id" UUID NOT NULL,
    "day" INTEGER NOT NULL,
    "minute" BIGINT NOT NULL,
    "version_number" INTEGER NOT NULL,
    "status" "ResponseStatus" NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "response_count_change_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "response_count_change_questionnaire_id_idx" ON "response_count_change"("questionnaire_id");

-- AddForeignKey
ALTER TABLE "response_count_by_day" ADD CONSTRAINT "response_count_by_day_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "response_count_by_minute" ADD CONSTRAINT "response_count_by_minute_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "response_count_change" ADD CONSTRAINT "response_count_change_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Moves the questionnaire's appended changes into the counts, in the caller's transaction. One
-- folder per questionnaire at a time; another skips (the changes wait for the next fold, and
-- readers add them meanwhile). A count that falls to 0 stays (a minute whose responses were all
-- erased): harmless, and finding such rows would cost more than keeping them.
CREATE FUNCTION "response_counts_fold"(p_questionnaire UUID) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(72707370, hashtext(p_questionnaire::text)) THEN
    RETURN;
  END IF;
  WITH moved AS (
    DELETE FROM "response_count_change" WHERE "questionnaire_id" = p_questionnaire
    RETURNING "day", "minute", "version_number", "status", "n"
  ), by_minute AS (
    SELECT "day", "minute", "version_number", "status", sum("n") AS "n" FROM moved GROUP BY 1, 2, 3, 4
  ), minutes AS (
    INSERT INTO "response_count_by_minute" AS c ("questionnaire_id", "minute", "version_number", "status", "n")
    SELECT p_questionnaire, "minute", "version_number", "status", "n" FROM by_minute WHERE "n" <> 0
    ORDER BY 2, 3, 4
    ON CONFLICT ("questionnaire_id", "minute", "version_number", "status") DO UPDATE SET "n" = c."n" + EXCLUDED."n"
  )
  INSERT INTO "response_count_by_day" AS c ("questionnaire_id", "day", "version_number", "status", "n")
  SELECT p_questionnaire, "day", "version_number", "status", sum("n") FROM by_minute
  GROUP BY 2, 3, 4 HAVING sum("n") <> 0 ORDER BY 2, 3, 4
  ON CONFLICT ("questionnaire_id", "day", "version_number", "status") DO UPDATE SET "n" = c."n" + EXCLUDED."n";
END
$$;

-- About one writing statement in 64 folds what its questionnaires appended.
CREATE FUNCTION "response_counts_maybe_fold"(p_questionnaires UUID[]) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  IF random() < 1.0 / 64 THEN
    PERFORM "response_counts_fold"(q) FROM (SELECT DISTINCT unnest(p_questionnaires)) AS x(q);
  END IF;
END
$$;

-- The day and the minute a response is counted under: since 1970-01-01 in UTC.
CREATE FUNCTION "response_count_day"(t TIMESTAMPTZ) RETURNS INTEGER LANGUAGE sql STABLE AS $$
  SELECT floor(extract(epoch FROM t) / 86400)::int
$$;

CREATE FUNCTION "response_count_minute"(t TIMESTAMPTZ) RETURNS BIGINT LANGUAGE sql STABLE AS $$
  SELECT floor(extract(epoch FROM t) / 60)::bigint
$$;

CREATE FUNCTION "response_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "response_count_change" ("questionnaire_id", "day", "minute", "version_number", "status", "n")
  SELECT "questionnaire_id", "response_count_day"("created_at"), "response_count_minute"("created_at"),
         "version_number", "status", count(*)
  FROM new_rows GROUP BY 1, 2, 3, 4, 5;
  PERFORM "response_counts_maybe_fold"(ARRAY(SELECT DISTINCT "questionnaire_id" FROM new_rows));
  RETURN NULL;
END
$$;

-- A questionnaire's delete cascades to its responses and to its counts: nothing to count then.
CREATE FUNCTION "response_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted UUID[] := ARRAY(
    SELECT DISTINCT o."questionnaire_id" FROM old_rows o
    WHERE EXISTS (SELECT 1 FROM "questionnaire" q WHERE q."id" = o."questionnaire_id"));
BEGIN
  INSERT INTO "response_count_change" ("questionnaire_id", "day", "minute", "version_number", "status", "n")
  SELECT "questionnaire_id", "response_count_day"("created_at"), "response_count_minute"("created_at"),
         "version_number", "status", -count(*)
  FROM old_rows WHERE "questionnaire_id" = ANY (counted) GROUP BY 1, 2, 3, 4, 5;
  PERFORM "response_counts_maybe_fold"(counted);
  RETURN NULL;
END
$$;

-- A completion (or any change of what is counted): one out of the old key, one into the new.
CREATE FUNCTION "response_counts_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "response_count_change" ("questionnaire_id", "day", "minute", "version_number", "status", "n")
  VALUES
    (OLD."questionnaire_id", "response_count_day"(OLD."created_at"), "response_count_minute"(OLD."created_at"),
     OLD."version_number", OLD."status", -1),
    (NEW."questionnaire_id", "response_count_day"(NEW."created_at"), "response_count_minute"(NEW."created_at"),
     NEW."version_number", NEW."status", 1);
  PERFORM "response_counts_maybe_fold"(ARRAY[OLD."questionnaire_id", NEW."questionnaire_id"]);
  RETURN NULL;
END
$$;

-- Statement triggers for inserts and deletes (a bulk insert or a questionnaire's cascade is one
-- grouped write); a row trigger for updates, so that answer saves, which change none of the counted
-- columns, never run it.
CREATE TRIGGER "response_counts_inserted" AFTER INSERT ON "response"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "response_counts_inserted"();

CREATE TRIGGER "response_counts_deleted" AFTER DELETE ON "response"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "response_counts_deleted"();

CREATE TRIGGER "response_counts_moved" AFTER UPDATE OF "questionnaire_id", "version_number", "status", "created_at" ON "response"
  FOR EACH ROW
  WHEN ((OLD."questionnaire_id", OLD."version_number", OLD."status", OLD."created_at")
        IS DISTINCT FROM (NEW."questionnaire_id", NEW."version_number", NEW."status", NEW."created_at"))
  EXECUTE FUNCTION "response_counts_moved"();

-- The responses there are now.
INSERT INTO "response_count_by_minute" ("questionnaire_id", "minute", "version_number", "status", "n")
SELECT "questionnaire_id", "response_count_minute"("created_at"), "version_number", "status", count(*)
FROM "response" GROUP BY 1, 2, 3, 4;

INSERT INTO "response_count_by_day" ("questionnaire_id", "day", "version_number", "status", "n")
SELECT "questionnaire_id", floor("minute" / 1440.0)::int, "version_number", "status", sum("n")
FROM "response_count_by_minute" GROUP BY 1, 2, 3, 4;
