-- Server processes keep a questionnaire's public settings (name, allowed origins, submission
-- policy, live version) in memory. These triggers tell every process, whoever made the change and
-- however, as the changing transaction commits: NOTIFY questionnaire_changed, '<id>'.
CREATE FUNCTION "notify_questionnaire_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('questionnaire_changed', OLD."id"::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER "questionnaire_settings_changed" AFTER UPDATE ON "questionnaire" FOR EACH ROW
  WHEN ((OLD."public_id", OLD."name", OLD."allowed_origins", OLD."submission_policy", OLD."current_version")
        IS DISTINCT FROM
        (NEW."public_id", NEW."name", NEW."allowed_origins", NEW."submission_policy", NEW."current_version"))
  EXECUTE FUNCTION "notify_questionnaire_changed"();

CREATE TRIGGER "questionnaire_deleted" AFTER DELETE ON "questionnaire" FOR EACH ROW
  EXECUTE FUNCTION "notify_questionnaire_changed"();
