import type { AuditAction, AuditEntry, Role } from '@forms-engine/schema';
import { ROLE_NAMES, roleWithArticle } from '../../ui/account-words.ts';

/** Each action's name in the filter, as a person reads it. */
export const ACTION_NAMES: Record<AuditAction, string> = {
  'auth.setup': 'Set up the server',
  'auth.login': 'Signed in',
  'auth.login_failed': 'Failed to sign in',
  'auth.logout': 'Signed out',
  'auth.password_change': 'Changed their password',
  'questionnaire.create': 'Created a questionnaire',
  'questionnaire.rename': 'Renamed a questionnaire',
  'questionnaire.settings': 'Changed settings',
  'questionnaire.delete': 'Deleted a questionnaire',
  'questionnaire.draft_save': 'Edited a draft',
  'questionnaire.publish': 'Published a version',
  'questionnaire.restore': 'Restored a version',
  'questionnaire.import': 'Imported a questionnaire',
  'questionnaire.duplicate': 'Duplicated a questionnaire',
  'response.erase': 'Erased a response',
  'responses.export': 'Downloaded responses (CSV)',
  'file.download': 'Downloaded a file',
  'webhook.create': 'Added a webhook',
  'webhook.update': 'Changed a webhook',
  'webhook.delete': 'Deleted a webhook',
  'webhook.rotate_secret': 'Made a new webhook secret',
  'member.invite': 'Invited someone',
  'member.invite_revoke': 'Cancelled an invitation',
  'member.accept': 'Joined by invitation',
  'member.role_change': 'Changed a role',
  'member.remove': 'Removed a member',
  'api_key.create': 'Created an API key',
  'api_key.delete': 'Revoked an API key',
};

/**
 * The deployment's own token (MANAGEMENT_API_TOKEN) as an owner reads it, in a line and in the Who
 * filter alike; its actor id is always `token`.
 */
export const TOKEN_WORDS = 'The deployment token';
export const TOKEN_ACTOR_ID = 'token';

/** Who did it, at the start of a sentence. */
export function actorWords(actor: AuditEntry['actor']): string {
  if (!actor) return 'Someone';
  if (actor.type === 'apiKey') return `The API key “${actor.name}”`;
  if (actor.type === 'token') return TOKEN_WORDS;
  return actor.name;
}

const quoted = (name: string | undefined, otherwise: string) => (name ? `“${name}”` : otherwise);
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
const role = (value: unknown) => (typeof value === 'string' && value in ROLE_NAMES ? (value as Role) : undefined);
const number = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** What the entry says happened, after the actor: "published version 3 of “Volunteer application”". */
function deed(entry: AuditEntry): string {
  const { target, details } = entry;
  const name = target.name;
  const questionnaire = quoted(name, 'a questionnaire');
  const version = number(details.versionNumber);
  // The role given: `role` on an invite, a joining and a key; `to` (and `from`) on a change.
  const newRole = role(details.role) ?? role(details.to);
  const asRole = newRole ? ` as ${roleWithArticle(newRole)}` : '';
  const person = name ?? 'a member';
  const address = text(details.url) ? ` (${details.url})` : '';
  const key = name ? `the API key “${name}”` : 'an API key';
  switch (entry.action) {
    case 'auth.setup':
      return 'set up this server as its first owner';
    case 'auth.login':
      return 'signed in';
    case 'auth.login_failed':
      return `failed to sign in as ${name ?? target.id ?? 'an unknown email'}`;
    case 'auth.logout':
      return 'signed out';
    case 'auth.password_change':
      return 'changed their password';
    case 'questionnaire.create':
      return `created ${questionnaire}`;
    case 'questionnaire.rename': {
      const before = text(details.previousName) ?? text(details.from);
      return before ? `renamed “${before}” to ${questionnaire}` : `renamed ${questionnaire}`;
    }
    case 'questionnaire.settings':
      return `changed the settings of ${questionnaire}`;
    case 'questionnaire.delete':
      return `deleted ${questionnaire}`;
    case 'questionnaire.draft_save':
      return `edited the draft of ${questionnaire}`;
    case 'questionnaire.publish':
      return version ? `published version ${version} of ${questionnaire}` : `published ${questionnaire}`;
    case 'questionnaire.restore':
      return version
        ? `restored version ${version} of ${questionnaire} into its draft`
        : `restored a version of ${questionnaire} into its draft`;
    case 'questionnaire.import':
      return `imported ${questionnaire}`;
    case 'questionnaire.duplicate': {
      const source = text(details.sourceName);
      return source ? `duplicated “${source}” as ${questionnaire}` : `made ${questionnaire} as a copy`;
    }
    case 'response.erase': {
      const of = text(details.questionnaireName);
      return of ? `erased a response to “${of}”` : 'erased a response';
    }
    case 'responses.export':
      return `downloaded the responses of ${questionnaire} as CSV`;
    case 'file.download':
      return `downloaded the file ${quoted(name, 'of a response')}`;
    // A webhook's entry targets its questionnaire; the address, when recorded, says which webhook.
    case 'webhook.create':
      return `added a webhook${address} to ${questionnaire}`;
    case 'webhook.update':
      return `changed a webhook${address} of ${questionnaire}`;
    case 'webhook.delete':
      return `deleted a webhook${address} of ${questionnaire}`;
    case 'webhook.rotate_secret':
      return `made a new signing secret for a webhook${address} of ${questionnaire}`;
    case 'member.invite':
      return `invited ${name ?? 'someone'}${asRole}`;
    case 'member.invite_revoke':
      return `cancelled the invitation for ${name ?? 'someone'}${newRole ? ` to join${asRole}` : ''}`;
    case 'member.accept':
      return `accepted an invitation and joined${asRole}`;
    case 'member.role_change': {
      const before = role(details.from);
      if (!newRole) return `changed the role of ${person}`;
      return `made ${person} ${roleWithArticle(newRole)}${before ? ` (was ${roleWithArticle(before)})` : ''}`;
    }
    case 'member.remove':
      return `removed ${person} from the team`;
    case 'api_key.create':
      return `created ${key}${newRole ? ` (${ROLE_NAMES[newRole].toLowerCase()})` : ''}`;
    case 'api_key.delete':
      return `revoked ${key}`;
  }
}

/** One entry as a sentence: "Ana published version 3 of “Volunteer application”". */
export function auditSentence(entry: AuditEntry): string {
  return `${actorWords(entry.actor)} ${deed(entry)}`;
}
