import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { FileReference } from '@forms-engine/schema';
import { expect } from 'vitest';
import type { SweepDeps } from '../src/services/orphan-files.ts';
import { createFileStorage } from '../src/storage/create-file-storage.ts';
import { filesDirFor } from '../src/storage/local-disk.ts';
import { createPublished } from './factories.ts';
import { call, type TestServer } from './harness.ts';

/** A 1x1 PNG: detection must call it image/png whatever the client says. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const fileDefinition = () => ({
  schemaVersion: 1 as const,
  questions: [
    { id: 'q1', code: 'doc', type: 'FILE_UPLOAD' as const, prompt: 'Upload', typeConfig: { maxFiles: 5 } },
    { id: 'q2', code: 'note', type: 'SHORT_TEXT' as const, prompt: 'Note' },
  ],
});

export const publishFileQuestionnaire = (server: TestServer) => createPublished(server, fileDefinition());

export async function startResponse(server: TestServer, publicId: string): Promise<string> {
  const res = await call(server, 'POST', `/public/v1/questionnaires/${publicId}/responses`, { versionNumber: 1 });
  expect(res.status).toBe(201);
  return res.body.responseId as string;
}

export interface UploadOptions {
  name?: string;
  type?: string;
  questionCode?: string | null;
  field?: string;
}

/** POST multipart/form-data with Node's FormData; returns status, headers and the parsed body. */
export async function upload(server: TestServer, responseId: string, bytes: Uint8Array, options: UploadOptions = {}) {
  const { name = 'file.bin', type = 'application/octet-stream', questionCode = 'doc', field = 'file' } = options;
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), name);
  const query = questionCode === null ? '' : `?questionCode=${encodeURIComponent(questionCode)}`;
  const response = await server.fetch(`/public/v1/responses/${responseId}/files${query}`, {
    method: 'POST',
    body: form,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

export async function uploadOk(server: TestServer, responseId: string, bytes: Uint8Array, options?: UploadOptions) {
  const res = await upload(server, responseId, bytes, options);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as FileReference;
}

export async function download(server: TestServer, questionnaireId: string, responseId: string, fileId: string) {
  const response = await server.fetch(
    `/api/v1/questionnaires/${questionnaireId}/responses/${responseId}/files/${fileId}`,
  );
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Every file under DATA_DIR/files, as keys relative to it (`.tmp/...` for temporaries). */
export async function filesOnDisk(server: TestServer): Promise<string[]> {
  const root = filesDirFor(server.config.dataDir);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** Every key in the server's file store (the disk or the bucket), temporaries never included. */
export async function storedKeys(server: TestServer): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of server.deps.storage.list()) keys.push(object.key);
  return keys.sort();
}

export const keyOf = (questionnaireId: string, responseId: string, fileId: string) =>
  `${questionnaireId}/${responseId}/${fileId}`;

export const fileRows = (server: TestServer, where: { responseId?: string; questionnaireId?: string } = {}) =>
  server.database.db.prisma.storedFile.findMany({ where });

/** What a sweeper in another process has: the same database and file store, its own connection to the store. */
export const sweepDeps = (server: TestServer): SweepDeps => ({
  prisma: server.database.db.prisma,
  config: server.config,
  storage: createFileStorage(server.config.fileStorage, server.config.dataDir),
});

export const randomBytesOf = (size: number) => {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7919 + 13) & 0xff;
  return bytes;
};
