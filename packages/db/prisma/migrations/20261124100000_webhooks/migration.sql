-- Webhooks: endpoints per questionnaire, an outbox of events, one delivery per (event, webhook).
-- Triggers write the event and its deliveries in the same transaction as the change they announce
-- (whichever code path makes it), so a crash can never lose an event that committed, and a
-- questionnaire without webhooks pays one index probe, not a round trip.

-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('PENDING', 'SUCCEEDED', 'FAILED');

-- CreateTable
CREATE TABLE "webhook" (
    "id" UUID NOT NULL,
    "questionnaire_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "description" TEXT,
    "disabled_reason" TEXT,
    -- AES-256-GCM envelopes (apps/server/src/webhooks/secret-box.ts), never the secret itself.
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_secret_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_event" (
    "id" UUID NOT NULL,
    "questionnaire_id" UUID NOT NULL,
    -- Set for events about a response that still exists: erasing it erases them (cascade).
    "response_id" UUID,
    "type" TEXT NOT NULL,
    -- json, not jsonb: keeps the keys in the order the payload documents them.
    "data" JSON NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_delivery" (
    "id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "webhook_id" UUID NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_attempt_at" TIMESTAMPTZ(3),
    "next_attempt_at" TIMESTAMPTZ(3),
    -- The lease of the process sending it now; expired leases are taken over (at least once).
    "locked_until" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_questionnaire_id_created_at_idx" ON "webhook"("questionnaire_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_event_questionnaire_id_idx" ON "webhook_event"("questionnaire_id");

-- CreateIndex
CREATE INDEX "webhook_event_response_id_idx" ON "webhook_event"("response_id");

-- CreateIndex
CREATE INDEX "webhook_event_created_at_idx" ON "webhook_event"("created_at");

-- CreateIndex
CREATE INDEX "webhook_delivery_webhook_id_created_at_id_idx" ON "webhook_delivery"("webhook_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "webhook_delivery_event_id_idx" ON "webhook_delivery"("event_id");

-- CreateIndex
CREATE INDEX "webhook_delivery_created_at_idx" ON "webhook_delivery"("created_at");

-- The senders' claim: due deliveries only. Partial, so Prisma's schema language cannot say it.
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery"("next_attempt_at") WHERE "status" = 'PENDING';

-- AddForeignKey
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_event" ADD CONSTRAINT "webhook_event_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_event" ADD CONSTRAINT "webhook_event_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "response"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "webhook_event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ISO 8601 in UTC with milliseconds, as the API writes every timestamp.
CREATE FUNCTION "webhook_timestamp"(t TIMESTAMPTZ) RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- True when an enabled webhook of the questionnaire takes this event type (one index probe).
CREATE FUNCTION "webhook_subscribed"(p_questionnaire UUID, p_type TEXT) RETURNS BOOLEAN LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM "webhook"
    WHERE "questionnaire_id" = p_questionnaire AND "enabled" AND p_type = ANY ("events"))
$$;

-- The outbox write: one event, and a delivery for every enabled webhook subscribed to it.
CREATE FUNCTION "webhook_raise_event"(p_questionnaire UUID, p_response UUID, p_type TEXT, p_data JSON)
RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  new_event UUID := gen_random_uuid();
BEGIN
  INSERT INTO "webhook_event" ("id", "questionnaire_id", "response_id", "type", "data")
  VALUES (new_event, p_questionnaire, p_response, p_type, p_data);
  INSERT INTO "webhook_delivery" ("id", "event_id", "webhook_id", "next_attempt_at")
  SELECT gen_random_uuid(), new_event, w."id", CURRENT_TIMESTAMP
  FROM "webhook" w
  WHERE w."questionnaire_id" = p_questionnaire AND w."enabled" AND p_type = ANY (w."events");
END
$$;

CREATE FUNCTION "webhook_response_event"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      'createdAt', "webhook_timestamp"(NEW."created_at")));
  ELSE
    PERFORM "webhook_raise_event"(NEW."questionnaire_id", NEW."id", event_type, json_build_object(
      'questionnaireId', NEW."questionnaire_id",
      'publicId', (SELECT "public_id" FROM "questionnaire" WHERE "id" = NEW."questionnaire_id"),
      'responseId', NEW."id",
      'versionNumber', NEW."version_number",
      'externalRef', NEW."external_ref",
      'createdAt', "webhook_timestamp"(NEW."created_at"),
      'status', NEW."status",
      'answers', NEW."answers",
      'completedAt', "webhook_timestamp"(NEW."completed_at")));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "response_created_webhook" AFTER INSERT ON "response" FOR EACH ROW
  EXECUTE FUNCTION "webhook_response_event"();

CREATE TRIGGER "response_completed_webhook" AFTER UPDATE OF "status" ON "response" FOR EACH ROW
  WHEN (OLD."status" = 'IN_PROGRESS' AND NEW."status" = 'COMPLETED')
  EXECUTE FUNCTION "webhook_response_event"();

-- An erasure. Responses removed with their questionnaire raise nothing: AFTER triggers fire once
-- the whole statement, its cascades included, is done, and by then the webhooks are gone too.
CREATE FUNCTION "webhook_response_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT "webhook_subscribed"(OLD."questionnaire_id", 'response.deleted') THEN
    RETURN NULL;
  END IF;
  -- No response_id: the response is gone, and so are its earlier events (cascade).
  PERFORM "webhook_raise_event"(OLD."questionnaire_id", NULL, 'response.deleted', json_build_object(
    'questionnaireId', OLD."questionnaire_id",
    'responseId', OLD."id",
    'deletedAt', "webhook_timestamp"(CURRENT_TIMESTAMP)));
  RETURN NULL;
END
$$;

CREATE TRIGGER "response_deleted_webhook" AFTER DELETE ON "response" FOR EACH ROW
  EXECUTE FUNCTION "webhook_response_deleted"();

CREATE FUNCTION "webhook_version_published"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT "webhook_subscribed"(NEW."questionnaire_id", 'questionnaire.published') THEN
    RETURN NULL;
  END IF;
  PERFORM "webhook_raise_event"(NEW."questionnaire_id", NULL, 'questionnaire.published', json_build_object(
    'questionnaireId', NEW."questionnaire_id",
    'publicId', (SELECT "public_id" FROM "questionnaire" WHERE "id" = NEW."questionnaire_id"),
    'versionNumber', NEW."version_number",
    'note', NEW."note",
    'publishedAt', "webhook_timestamp"(NEW."published_at")));
  RETURN NULL;
END
$$;

CREATE TRIGGER "version_published_webhook" AFTER INSERT ON "questionnaire_version" FOR EACH ROW
  EXECUTE FUNCTION "webhook_version_published"();

-- Wakes every process's sender as the transaction commits: new deliveries (from the triggers
-- above, a test send or a redelivery), and a webhook enabled again with deliveries waiting.
CREATE FUNCTION "notify_webhook_delivery"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('webhook_delivery', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER "webhook_delivery_inserted" AFTER INSERT ON "webhook_delivery" FOR EACH STATEMENT
  EXECUTE FUNCTION "notify_webhook_delivery"();

CREATE TRIGGER "webhook_enabled" AFTER UPDATE OF "enabled" ON "webhook" FOR EACH ROW
  WHEN (NEW."enabled" AND NOT OLD."enabled")
  EXECUTE FUNCTION "notify_webhook_delivery"();
