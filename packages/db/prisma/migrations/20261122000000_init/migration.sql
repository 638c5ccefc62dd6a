-- CreateEnum
CREATE TYPE "SubmissionPolicy" AS ENUM ('MULTIPLE', 'ONE_PER_REF');

-- CreateEnum
CREATE TYPE "ResponseStatus" AS ENUM ('IN_PROGRESS', 'COMPLETED');

-- CreateEnum
CREATE TYPE "FileState" AS ENUM ('PENDING', 'STORED');

-- CreateTable
CREATE TABLE "questionnaire" (
    "id" UUID NOT NULL,
    "public_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "allowed_origins" TEXT[],
    "submission_policy" "SubmissionPolicy" NOT NULL DEFAULT 'MULTIPLE',
    "draft" JSONB NOT NULL,
    "current_version" INTEGER NOT NULL DEFAULT 0,
    "has_unpublished_changes" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "questionnaire_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "questionnaire_version" (
    "questionnaire_id" UUID NOT NULL,
    "version_number" INTEGER NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "definition" JSONB NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "questionnaire_version_pkey" PRIMARY KEY ("questionnaire_id","version_number")
);

-- CreateTable
CREATE TABLE "response" (
    "id" UUID NOT NULL,
    "questionnaire_id" UUID NOT NULL,
    "version_number" INTEGER NOT NULL,
    "external_ref" TEXT,
    "status" "ResponseStatus" NOT NULL DEFAULT 'IN_PROGRESS',
    "answers" JSONB NOT NULL DEFAULT '{}',
    "last_step_id" TEXT,
    "last_tab_id" TEXT,
    "origin" TEXT,
    "user_agent" TEXT,
    "ref_guard" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "response_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stored_file" (
    "id" UUID NOT NULL,
    "response_id" UUID NOT NULL,
    "questionnaire_id" UUID NOT NULL,
    "question_code" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "state" "FileState" NOT NULL DEFAULT 'PENDING',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "unreferenced_since" TIMESTAMPTZ(3),

    CONSTRAINT "stored_file_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "questionnaire_public_id_key" ON "questionnaire"("public_id");

-- CreateIndex
CREATE INDEX "questionnaire_updated_at_id_idx" ON "questionnaire"("updated_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "response_questionnaire_id_created_at_id_idx" ON "response"("questionnaire_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "response_questionnaire_id_status_created_at_idx" ON "response"("questionnaire_id", "status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "response_questionnaire_id_version_number_created_at_idx" ON "response"("questionnaire_id", "version_number", "created_at" DESC);

-- CreateIndex
CREATE INDEX "response_questionnaire_id_external_ref_status_idx" ON "response"("questionnaire_id", "external_ref", "status");

-- One-per-reference guard: at most one guarded (completed under ONE_PER_REF) response per ref.
-- Prisma's schema language cannot express a partial index, so it lives only here.
CREATE UNIQUE INDEX "response_one_per_ref_guard_key" ON "response"("questionnaire_id", "external_ref") WHERE "ref_guard";

-- CreateIndex
CREATE INDEX "stored_file_response_id_idx" ON "stored_file"("response_id");

-- CreateIndex
CREATE INDEX "stored_file_questionnaire_id_idx" ON "stored_file"("questionnaire_id");

-- CreateIndex
CREATE INDEX "stored_file_state_created_at_idx" ON "stored_file"("state", "created_at");

-- AddForeignKey
ALTER TABLE "questionnaire_version" ADD CONSTRAINT "questionnaire_version_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "response" ADD CONSTRAINT "response_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "response" ADD CONSTRAINT "response_questionnaire_id_version_number_fkey" FOREIGN KEY ("questionnaire_id", "version_number") REFERENCES "questionnaire_version"("questionnaire_id", "version_number") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_questionnaire_id_fkey" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "response"("id") ON DELETE CASCADE ON UPDATE CASCADE;
