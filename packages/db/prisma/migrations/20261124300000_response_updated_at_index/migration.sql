-- The summary's latest text answers (apps/server/src/services/response-summary-sql.ts): the most
-- recently updated responses of a questionnaire, walked newest first until five answers are found,
-- instead of sorting every response of the questionnaire once per text question.
CREATE INDEX "response_questionnaire_id_updated_at_id_idx" ON "response"("questionnaire_id", "updated_at" DESC, "id" DESC);
