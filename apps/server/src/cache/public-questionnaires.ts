import type { Database, SqlQuery } from '@forms-engine/db';
import type { Definition, SubmissionPolicy } from '@forms-engine/schema';
import { isId } from '../lib/ids.ts';
import { LruCache } from '../lib/lru-cache.ts';
import {
  type QuestionnaireSettingsRow,
  settingsByPublicId,
  settingsByResponseId,
  versionDefinition,
} from './questionnaire-sql.ts';

/** What the public API needs to know about a questionnaire, on every request. */
export interface PublicSettings {
  id: string;
  publicId: string;
  name: string;
  allowedOrigins: string[];
  submissionPolicy: SubmissionPolicy;
  currentVersion: number;
  /** The schedule, in milliseconds since the epoch (null: unset). */
  opensAt: number | null;
  closesAt: number | null;
  closeGraceMinutes: number;
  maxCompletedResponses: number | null;
  hasQuotas: boolean;
  /**
   * The COMPLETED responses when these settings were read, only when there is a limit: enough to
   * tell FULL, since the completion that fills the limit and an erasure that frees a place both
   * NOTIFY (this entry is then read again).
   */
  completed: number | undefined;
}

/** The serialised `live` answer of a questionnaire, ready to send, with its strong ETag. */
export interface LiveDocument {
  body: Buffer;
  etag: string;
  /**
   * When its availability changes by the clock alone (opensAt, or just past closesAt): the
   * document is built again from then on. Undefined: only a change of the questionnaire does it.
   */
  staleFrom?: number | undefined;
}

const fresh = (document: LiveDocument | undefined, now = Date.now()) =>
  document && (document.staleFrom === undefined || now < document.staleFrom) ? document : undefined;

/** The channel the questionnaire triggers NOTIFY on (see the migration questionnaire_change_notify). */
export const QUESTIONNAIRE_CHANGED = 'questionnaire_changed';

/**
 * Safety net only: a change reaches every process through NOTIFY within milliseconds, and a
 * dropped LISTEN connection clears everything. An entry is never older than this in any case.
 */
export const SETTINGS_MAX_AGE_MS = 10_000;
const IMMUTABLE_MAX_AGE_MS = 24 * 3600_000;
/**
 * Responses whose questionnaire is kept for the origin check of their saves: the ones being
 * answered (a completed one is forgotten). About 250 bytes an entry; at 100,000 a respondent soak
 * grew the heap by 9 MB in 30,000 flows without levelling off (docs/performance.md, "Memory").
 * Past this many responses in progress at once, a save costs one primary-key read more.
 */
export const RESPONSES_REMEMBERED = 10_000;

const toSettings = (row: QuestionnaireSettingsRow): PublicSettings => ({
  id: row.id,
  publicId: row.public_id,
  name: row.name,
  allowedOrigins: row.allowed_origins ?? [],
  submissionPolicy: row.submission_policy,
  currentVersion: row.current_version,
  opensAt: row.opens_at_ms,
  closesAt: row.closes_at_ms,
  closeGraceMinutes: row.close_grace_minutes,
  maxCompletedResponses: row.max_completed_responses,
  hasQuotas: row.has_quotas,
  completed: row.completed ?? undefined,
});

/**
 * The public side's view of questionnaires, in memory: settings (invalidated on change), the
 * serialised live answer (likewise), and what never changes: publicId -> id, responseId ->
 * questionnaire id, and published definitions. Several processes share one database; the
 * database tells each of them about changes (LISTEN/NOTIFY), so none serves stale settings
 * for longer than a notification takes.
 */
export class PublicQuestionnaires {
  private readonly settings = new LruCache<PublicSettings>(10_000, SETTINGS_MAX_AGE_MS);
  private readonly live = new LruCache<LiveDocument>(2_000, SETTINGS_MAX_AGE_MS);
  private readonly idByPublicId = new LruCache<string>(10_000, IMMUTABLE_MAX_AGE_MS);
  private readonly questionnaireByResponse = new LruCache<string>(RESPONSES_REMEMBERED, IMMUTABLE_MAX_AGE_MS);
  private readonly definitions = new LruCache<Definition>(500, IMMUTABLE_MAX_AGE_MS);
  /** Bumped by every invalidation: a read that started before one must not be cached after it. */
  private epoch = 0;

  constructor(private readonly sql: SqlQuery) {}

  /** How many responses' questionnaires are in memory. */
  get responsesRemembered(): number {
    return this.questionnaireByResponse.size;
  }

  /** A completed response takes no more saves: its entry would only wait to be evicted. */
  forgetResponse(responseId: string): void {
    this.questionnaireByResponse.delete(responseId.toLowerCase());
  }

  /** Forget what changed about questionnaire `id` (a NOTIFY, or a change made here). */
  invalidate(id: string): void {
    this.epoch++;
    this.settings.delete(id);
    this.live.delete(id);
  }

  /** Forget everything that can change (notifications may have been missed). */
  reset(): void {
    this.epoch++;
    this.settings.clear();
    this.live.clear();
  }

  /** Keeps this cache current: every process LISTENs for the triggers' NOTIFY. */
  subscribe(db: Pick<Database, 'listen'>): Promise<() => Promise<void>> {
    return db.listen(QUESTIONNAIRE_CHANGED, {
      onNotify: (id) => this.invalidate(id),
      onReset: () => this.reset(),
    });
  }

  /**
   * The settings when they are in memory, else undefined, without a promise: the hottest paths
   * answer from memory in the same tick instead of waiting a microtask for an await.
   */
  peekByPublicId(publicId: string): PublicSettings | undefined {
    const id = this.idByPublicId.get(publicId);
    return id ? this.settings.get(id) : undefined;
  }

  peekByResponseId(responseId: string): PublicSettings | undefined {
    const id = isId(responseId) ? this.questionnaireByResponse.get(responseId.toLowerCase()) : undefined;
    return id ? this.settings.get(id) : undefined;
  }

  /** The live document of a questionnaire by its publicId when in memory, else undefined. */
  peekLive(publicId: string): LiveDocument | undefined {
    const id = this.idByPublicId.get(publicId);
    return id ? fresh(this.live.get(id)) : undefined;
  }

  async byPublicId(publicId: string): Promise<PublicSettings | undefined> {
    const cached = this.peekByPublicId(publicId);
    if (cached) return cached;
    const epoch = this.epoch;
    const row = await settingsByPublicId(this.sql, publicId);
    return row && this.remember(row, epoch);
  }

  async byResponseId(responseId: string): Promise<PublicSettings | undefined> {
    if (!isId(responseId)) return undefined;
    const cached = this.peekByResponseId(responseId);
    if (cached) return cached;
    const key = responseId.toLowerCase();
    const epoch = this.epoch;
    const row = await settingsByResponseId(this.sql, key);
    if (!row) return undefined;
    this.questionnaireByResponse.set(key, row.id);
    return this.remember(row, epoch);
  }

  /**
   * A published version's definition; versions never change. `sql` reads it on a miss: inside a
   * transaction, its own (on PGlite the pool would wait for that transaction to end).
   */
  async definition(questionnaireId: string, versionNumber: number, sql = this.sql): Promise<Definition | undefined> {
    const key = `${questionnaireId}/${versionNumber}`;
    const cached = this.definitions.get(key);
    if (cached) return cached;
    const definition = (await versionDefinition(sql, questionnaireId, versionNumber)) as Definition | undefined;
    if (definition) this.definitions.set(key, definition);
    return definition;
  }

  /** The live document of a questionnaire, built by `build` when not cached (or stale). */
  async liveDocument(settings: PublicSettings, build: () => Promise<LiveDocument>): Promise<LiveDocument> {
    const cached = fresh(this.live.get(settings.id));
    if (cached) return cached;
    const epoch = this.epoch;
    const document = await build();
    if (epoch === this.epoch) this.live.set(settings.id, document);
    return document;
  }

  private remember(row: QuestionnaireSettingsRow, epoch: number): PublicSettings {
    const settings = toSettings(row);
    this.idByPublicId.set(settings.publicId, settings.id);
    if (epoch === this.epoch) this.settings.set(settings.id, settings);
    return settings;
  }
}
