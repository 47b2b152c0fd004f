import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { useToast } from '@/components/ui/toast';
import { api, ApiError, getAuthToken, setAuthToken, AUTH_TOKEN_KEY } from '@/lib/api-client';
import { apiKeys, isUserScopedKey } from '@/lib/api-keys';
import { followAccountLanguage } from '@/i18n/choose';
import type { Permission, Role, User } from '@/types/api';

export const SIGN_OUT_PATH = '/api/auth/signout';

/**
 * POST /api/auth/signout (bearer, 204): ends this token on the server. Best effort: never throws.
 * The token is passed explicitly because local sign-out clears the stored one at once.
 */
export async function signOutOnServer(token: string): Promise<void> {
  try {
    await api.post<void>(SIGN_OUT_PATH, undefined, { headers: { Authorization: `Bearer ${token}` } });
  } catch (err) {
    console.warn('Server sign-out failed; signed out locally', err);
  }
}

export type SignOutOptions = {
  /** Ask the server to end the token first (default true); false when it is already ended. */
  notifyServer?: boolean;
  /** The toast shown, default 'Signed out'. */
  toast?: { title: string; description: string };
};

export type AuthContextValue = {
  user: User | null;
  /** True until the start-up session check has finished. */
  loading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** The account's staff roles (none for a member or a visitor). */
  roles: readonly Role[];
  /** The permissions the account's roles hold, as the server lists them (an admin: every one). */
  permissions: readonly Permission[];
  /**
   * Whether the account holds `permission`. The UI only mirrors the server, which checks every
   * request: a control the account cannot use is not shown.
   */
  can: (permission: Permission) => boolean;
  /** Holds any permission: the admin area opens for it. */
  isStaff: boolean;
  /**
   * True after the member signed out in this tab (until the next sign-in): a members-only page
   * then goes home rather than asking to sign in again.
   */
  signedOut: boolean;
  /** Stores the token and the user (after POST /api/auth/signin). */
  signIn: (token: string, user: User) => void;
  /**
   * Ends the token on the server (best effort, not awaited), then clears the token and the user
   * and toasts 'Signed out'. Local sign-out happens even if the server cannot be reached.
   */
  signOut: (options?: SignOutOptions) => void;
  /** Merges partial fields into the current user. */
  updateUser: (partial: Partial<User>) => void;
  /** Re-reads GET /api/users/me. */
  refreshUser: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The permissions of an event's staff work: editing it, its registrations and their CSV, its
 * volunteers, its door. Any one of them opens the event's staff tools.
 */
export const eventStaffPermissions: readonly Permission[] = ['edit_content', 'read_attendees', 'export_members', 'manage_volunteers', 'door_duty'];

const noRoles: readonly Role[] = [];
const noPermissions: readonly Permission[] = [];

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  const [signedOut, setSignedOut] = useState(false);
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const started = useRef(false);

  const clearUserData = useCallback(() => {
    void mutate(isUserScopedKey, undefined, { revalidate: false });
  }, [mutate]);

  const fetchMe = useCallback(async () => {
    if (!getAuthToken()) {
      setUser(null);
      return;
    }
    try {
      const me = await api.get<User>(apiKeys.me);
      setUser(me);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        console.warn('Stored session is no longer valid; signed out');
        setAuthToken(null);
        setUser(null);
      } else {
        console.error('Session check failed', err);
      }
    }
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // As a transition: the session's answer re-renders everything that reads it, and on a page
    // still being hydrated that render may yield to the browser instead of blocking it at once.
    void fetchMe().finally(() => startTransition(() => setLoading(false)));
  }, [fetchMe]);

  // A member's pages are in their account's language (ADR 0149).
  const accountLanguage = user?.language;
  useEffect(() => {
    if (accountLanguage) followAccountLanguage(accountLanguage);
  }, [accountLanguage]);

  // Another tab signed in or out.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== AUTH_TOKEN_KEY) return;
      clearUserData();
      if (!e.newValue) setUser(null);
      else void fetchMe();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [clearUserData, fetchMe]);

  const signIn = useCallback(
    (token: string, u: User) => {
      clearUserData();
      if (token) setAuthToken(token);
      else console.warn('Sign-in answer carried no token');
      setSignedOut(false);
      setUser(u);
      setLoading(false);
    },
    [clearUserData],
  );

  const signOut = useCallback((options: SignOutOptions = {}) => {
    const token = getAuthToken();
    if (token && options.notifyServer !== false) void signOutOnServer(token);
    try {
      setAuthToken(null);
      setSignedOut(true);
      setUser(null);
      clearUserData();
      toast(options.toast ?? { title: 'Signed out', description: 'You have been successfully signed out.' });
    } catch (err) {
      console.error('Sign out failed', err);
      toast({ title: 'Sign out failed', description: 'An error occurred while signing out.', variant: 'destructive' });
    }
  }, [clearUserData, toast]);

  const updateUser = useCallback((partial: Partial<User>) => {
    setUser((prev) => (prev ? { ...prev, ...partial } : prev));
  }, []);

  const permissions = user?.permissions ?? noPermissions;
  const can = useCallback((permission: Permission) => permissions.includes(permission), [permissions]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      isAuthenticated: user !== null,
      isAdmin: user?.isAdmin === true,
      roles: user?.roles ?? noRoles,
      permissions,
      can,
      isStaff: permissions.length > 0,
      signedOut,
      signIn,
      signOut,
      updateUser,
      refreshUser: fetchMe,
    }),
    [user, loading, permissions, can, signedOut, signIn, signOut, updateUser, fetchMe],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
