import { z } from 'zod';
import { DateTime, Id, IntegerParamWithDefault, PAGE_SIZE_MAX, pageResultOf } from './common';

/**
 * Accounts mode (`AUTH_MODE=accounts`): members with roles, API keys and the audit log. The shapes the
 * server answers with and the editor reads; the open mode (the spec's default) uses none of them.
 */

/** What a member or key may do, widest first. OWNER manages members and keys; ANALYST only reads. */
export const ROLES = ['OWNER', 'EDITOR', 'ANALYST'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** An API key never owns the team: it acts as an editor or an analyst. */
export const ApiKeyRole = z.enum(['EDITOR', 'ANALYST']);
export type ApiKeyRole = z.infer<typeof ApiKeyRole>;

/** True when `role` may do what `needed` may (OWNER ⊃ EDITOR ⊃ ANALYST). */
export function roleAllows(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) <= ROLES.indexOf(needed);
}

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/** Why `password` cannot be a password, in words for the person who typed it; undefined when it can. */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters`;
  return undefined;
}

export const Password = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const Email = z
  .string()
  .trim()
  .max(320)
  .pipe(z.email('Enter an email address such as ana@example.com'))
  .transform((email) => email.toLowerCase());

export const MemberName = z.string().trim().min(1, 'Enter a name').max(200);

export const SetupStatus = z.object({ needed: z.boolean() }).meta({ id: 'SetupStatus' });
export type SetupStatus = z.infer<typeof SetupStatus>;

export const SetupRequest = z
  .object({ code: z.string().max(200), email: Email, name: MemberName, password: Password })
  .meta({ id: 'SetupRequest' });
export type SetupRequest = z.infer<typeof SetupRequest>;

/** Login takes any password string: a too-short one is simply wrong, never a hint about the rules. */
export const LoginRequest = z
  .object({ email: z.string().trim().max(320), password: z.string().max(PASSWORD_MAX_LENGTH) })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof LoginRequest>;

/** A signed-in member's new password; the current one proves it is them. */
export const ChangePasswordRequest = z
  .object({ currentPassword: z.string().max(PASSWORD_MAX_LENGTH), newPassword: Password })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const Member = z
  .object({
    id: Id,
    email: z.string(),
    name: z.string(),
    role: Role,
    createdAt: DateTime,
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof Member>;

/** `GET /api/v1/auth/me`. */
export const Me = z.object({ id: Id, email: z.string(), name: z.string(), role: Role }).meta({ id: 'Me' });
export type Me = z.infer<typeof Me>;

/** A plain array, as the other unpaged lists (versions, webhooks). */
export const MemberList = z.array(Member).meta({ id: 'MemberList' });
export type MemberList = z.infer<typeof MemberList>;

export const InviteRequest = z.object({ email: Email, role: Role }).meta({ id: 'InviteRequest' });
export type InviteRequest = z.infer<typeof InviteRequest>;

/** `id` names the invitation in the list of those waiting (and takes it back: `DELETE …/invites/{id}`). */
export const InviteCreated = z
  .object({ id: Id, inviteUrl: z.string(), expiresAt: DateTime })
  .meta({ id: 'InviteCreated' });
export type InviteCreated = z.infer<typeof InviteCreated>;

/**
 * An invitation still waiting: neither used, nor expired, nor revoked. Never its link: the secret
 * is shown once, when it is made. `invitedBy` is null when MANAGEMENT_API_TOKEN made it, or when
 * the member who made it was removed since.
 */
export const PendingInvite = z
  .object({
    id: Id,
    email: z.string(),
    role: Role,
    createdAt: DateTime,
    expiresAt: DateTime,
    invitedBy: z.object({ id: Id, name: z.string() }).nullable(),
  })
  .meta({ id: 'PendingInvite' });
export type PendingInvite = z.infer<typeof PendingInvite>;

/** A plain array, newest first, as the other unpaged lists. */
export const PendingInviteList = z.array(PendingInvite).meta({ id: 'PendingInviteList' });
export type PendingInviteList = z.infer<typeof PendingInviteList>;

export const AcceptInviteRequest = z
  .object({ name: MemberName, password: Password })
  .meta({ id: 'AcceptInviteRequest' });
export type AcceptInviteRequest = z.infer<typeof AcceptInviteRequest>;

export const ChangeRoleRequest = z.object({ role: Role }).meta({ id: 'ChangeRoleRequest' });
export type ChangeRoleRequest = z.infer<typeof ChangeRoleRequest>;

export const ApiKeyName = z.string().trim().min(1, 'Enter a name that says what the key is for').max(200);

export const CreateApiKeyRequest = z
  .object({ name: ApiKeyName, role: ApiKeyRole, expiresAt: DateTime.optional() })
  .meta({ id: 'CreateApiKeyRequest' });
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

/** The only time the secret is shown; the server keeps a hash. */
export const ApiKeyCreated = z.object({ id: Id, key: z.string(), prefix: z.string() }).meta({ id: 'ApiKeyCreated' });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;

/** Who did something: a member, a key, or the deployment's MANAGEMENT_API_TOKEN. */
export const ActorType = z.enum(['member', 'apiKey', 'token']);
export type ActorType = z.infer<typeof ActorType>;

export const Actor = z.object({ type: ActorType, id: Id, name: z.string() }).meta({ id: 'Actor' });
export type Actor = z.infer<typeof Actor>;

export const ApiKeySummary = z
  .object({
    id: Id,
    name: z.string(),
    prefix: z.string(),
    role: ApiKeyRole,
    createdBy: z.object({ id: Id, name: z.string() }).nullable(),
    createdAt: DateTime,
    lastUsedAt: DateTime.nullable(),
    expiresAt: DateTime.nullable(),
  })
  .meta({ id: 'ApiKeySummary' });
export type ApiKeySummary = z.infer<typeof ApiKeySummary>;

export const ApiKeyList = z.array(ApiKeySummary).meta({ id: 'ApiKeyList' });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** Every action the audit log records, as dotted names. */
export const AUDIT_ACTIONS = [
  'auth.setup',
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.password_change',
  'questionnaire.create',
  'questionnaire.rename',
  'questionnaire.settings',
  'questionnaire.delete',
  'questionnaire.draft_save',
  'questionnaire.publish',
  'questionnaire.restore',
  'questionnaire.import',
  'questionnaire.duplicate',
  'response.erase',
  'responses.export',
  'file.download',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotate_secret',
  'member.invite',
  'member.invite_revoke',
  'member.accept',
  'member.role_change',
  'member.remove',
  'api_key.create',
  'api_key.delete',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditTarget = z
  .object({ type: z.string(), id: z.string().nullable(), name: z.string().optional() })
  .meta({ id: 'AuditTarget' });
export type AuditTarget = z.infer<typeof AuditTarget>;

export const AuditEntry = z
  .object({
    id: Id,
    at: DateTime,
    actor: Actor.nullable(),
    action: AuditAction,
    target: AuditTarget,
    ip: z.string().nullable(),
    requestId: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z.object({
  page: IntegerParamWithDefault(0, 1_000_000, 0),
  size: IntegerParamWithDefault(1, PAGE_SIZE_MAX, 50),
  action: AuditAction.optional(),
  actorId: z.string().max(100).optional(),
  targetId: z.string().max(100).optional(),
  from: DateTime.optional(),
  to: DateTime.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPage = pageResultOf(AuditEntry).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPage>;

/** Who published a version; null in open mode and for versions published before accounts. */
export const PublishedBy = z.object({ id: Id, name: z.string() }).nullable();
