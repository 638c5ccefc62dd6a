-- Accounts mode (AUTH_MODE=accounts, issue 26): members with roles, server-side sessions, invites,
-- API keys, the audit log and the first owner's setup code. The open mode (the default) reads
-- none of these tables; they stay empty there.

CREATE TYPE "MemberRole" AS ENUM ('OWNER', 'EDITOR', 'ANALYST');

CREATE TABLE "member" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" "MemberRole" NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "member_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "member_email_key" ON "member"("email");

-- Only a hash of the cookie's secret is stored; a session ends when its row is gone.
CREATE TABLE "session" (
    "token_hash" TEXT NOT NULL,
    "member_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "session_pkey" PRIMARY KEY ("token_hash")
);
CREATE INDEX "session_member_id_idx" ON "session"("member_id");
ALTER TABLE "session" ADD CONSTRAINT "session_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "invite" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "MemberRole" NOT NULL,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),

    CONSTRAINT "invite_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "invite_token_hash_key" ON "invite"("token_hash");

-- Keys die with the member who created them (cascade); a key made with MANAGEMENT_API_TOKEN has none.
CREATE TABLE "api_key" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "role" "MemberRole" NOT NULL,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_key_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "api_key_key_hash_key" ON "api_key"("key_hash");
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- No foreign keys: an entry outlives the member, key or questionnaire it names.
CREATE TABLE "audit_entry" (
    "id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_type" TEXT,
    "actor_id" TEXT,
    "actor_name" TEXT,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT,
    "target_name" TEXT,
    "ip" TEXT,
    "request_id" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "audit_entry_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "audit_entry_at_id_idx" ON "audit_entry"("at" DESC, "id" DESC);
CREATE INDEX "audit_entry_actor_id_at_idx" ON "audit_entry"("actor_id", "at" DESC);
CREATE INDEX "audit_entry_target_id_at_idx" ON "audit_entry"("target_id", "at" DESC);
CREATE INDEX "audit_entry_action_at_idx" ON "audit_entry"("action", "at" DESC);

-- One row at most: the deployment's setup code, until the first owner exists.
CREATE TABLE "setup_code" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "code" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "setup_code_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "setup_code_one_row" CHECK ("id" = 1)
);

ALTER TABLE "questionnaire_version" ADD COLUMN "published_by_id" UUID;
ALTER TABLE "questionnaire_version" ADD COLUMN "published_by_name" TEXT;
