import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from './session.ts';

/** The cookie session as React state: components re-render when tokens or the organisation change. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
