import type { SessionUser } from '@mutual/shared';
import type { ReactNode } from 'react';
import { Container } from '../../components/layout';
import { useSession } from '../../features/session/session-context';
import { useDocumentTitle } from '../../lib/use-document-title';

/** A signed-in page: its document title, and its content once the session names the person. */
export function SignedInPage({ title, children }: { title: string; children: (user: SessionUser) => ReactNode }) {
  useDocumentTitle(title);
  const { user } = useSession();
  if (!user) return null;
  return <Container className="space-y-6 py-8 sm:py-10">{children(user)}</Container>;
}
