import type { Problem } from '@forms-engine/schema';
import { type ReactNode, useState } from 'react';
import { managementToken } from '../../data/token.ts';
import { ProblemMessage } from '../../ui/index.ts';
import { downloadWithToken } from './download.ts';

/**
 * A download link: a plain link when no token is stored (the browser downloads it), fetched
 * with the bearer token otherwise. Either way a link with the same name; a refusal is shown
 * right after it.
 */
export function DownloadLink({
  href,
  fileName,
  children,
  className,
}: {
  href: string;
  fileName: string;
  children: ReactNode;
  className?: string;
}) {
  const [problem, setProblem] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <a
        href={href}
        download={fileName}
        className={className}
        aria-busy={busy || undefined}
        onClick={(event) => {
          setProblem(undefined);
          if (!managementToken.get()) return;
          event.preventDefault();
          setBusy(true);
          void downloadWithToken(href, fileName).then((refused) => {
            setBusy(false);
            setProblem(refused);
          });
        }}
      >
        {children}
      </a>
      {problem && <ProblemMessage problem={problem} />}
    </>
  );
}
