-- Hidden fields and endings (issue 23): the hidden values a host page passed when the response
-- started (only keys its pinned version declares; set once, never changed) and the ending the
-- respondent saw when completing (an ending id of that version; null when none was recorded).
-- Neither is kept in the response counts: browse filtered by them counts the matching rows.

-- A constant default and a nullable column: both added without rewriting the table.
ALTER TABLE "response" ADD COLUMN "hidden" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "response" ADD COLUMN "ending_id" TEXT;

-- Browse, CSV and summary filter by `hidden @> '{"key":"value"}'`: jsonb_path_ops indexes exactly
-- that containment, and an empty object (most responses) adds no entry to the index.
CREATE INDEX "response_hidden_idx" ON "response" USING GIN ("hidden" jsonb_path_ops);
-- The ending filter, in browse's order (completed responses only have an ending).
CREATE INDEX "response_questionnaire_id_ending_id_created_at_idx" ON "response"("questionnaire_id", "ending_id", "created_at" DESC);

-- Webhook payloads of response events carry the hidden values, and completed ones the ending
-- (a null endingId is left out of the payload by the sender, as externalRef is).
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
      'hidden', NEW."hidden",
      'createdAt', "webhook_timestamp"(NEW."created_at")));
  ELSE
    PERFORM "webhook_raise_event"(NEW."questionnaire_id", NEW."id", event_type, json_build_object(
      'questionnaireId', NEW."questionnaire_id",
      'publicId', (SELECT "public_id" FROM "questionnaire" WHERE "id" = NEW."questionnaire_id"),
      'responseId', NEW."id",
      'versionNumber', NEW."version_number",
      'externalRef', NEW."external_ref",
      'language', NEW."language",
      'hidden', NEW."hidden",
      'createdAt', "webhook_timestamp"(NEW."created_at"),
      'status', NEW."status",
      'answers', NEW."answers",
      'endingId', NEW."ending_id",
      'completedAt', "webhook_timestamp"(NEW."completed_at")));
  END IF;
  RETURN NULL;
END
$$;
