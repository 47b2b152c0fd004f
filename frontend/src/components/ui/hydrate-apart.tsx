import { Suspense, type ReactNode } from 'react';

/**
 * Part of a server-rendered page that React hydrates in a render and commit of its own: a Suspense
 * boundary in the server's markup is left for later when React first reaches it, so a long page is
 * hydrated in several short tasks instead of one long one on a phone (ADR 0120). Nothing inside
 * suspends on the client, so the empty fallback is never shown.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
