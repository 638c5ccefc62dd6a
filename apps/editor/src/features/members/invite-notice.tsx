import type { InviteCreated, Role } from '@forms-engine/schema';
import { useEffect, useRef } from 'react';
import { dayAndTime } from '../../ui/format.ts';
import { CopyButton, roleWithArticle } from '../../ui/index.ts';

/** The invitation link just made, to copy and send; the focus moves to it. */
export function InviteNotice({
  invite,
  onDone,
}: {
  invite: InviteCreated & { email: string; role: Role };
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="panel secret-notice" aria-labelledby="invite-link-title">
      <h2 id="invite-link-title" ref={heading} tabIndex={-1}>
        Invitation link for {invite.email}
      </h2>
      <p>
        Send this link to {invite.email} yourself, by email or chat. With it they join as {roleWithArticle(invite.role)}
        . It works once, until {dayAndTime(invite.expiresAt)}.
      </p>
      <p>
        <code className="secret">{invite.inviteUrl}</code>
      </p>
      <div className="actions">
        <CopyButton text={invite.inviteUrl} label="Copy link" />
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
