import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { useToast } from '@/components/ui/toast';
import { api, ApiError, getAuthToken, setAuthToken, AUTH_TOKEN_KEY } from '@/lib/api-client';
import { apiKeys, isUserScopedKey } from '@/lib/api-keys';
import type { User } from '@/types/api';

export type AuthContextValue = {
  user: User | null;
  /** True until the start-up session check has finished. */
  loading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** Stores the token and the user (after POST /api/auth/signin). */
  signIn: (token: string, user: User) => void;
  /** Clears the token and the user and toasts 'Signed out'. */
  signOut: () => void;
  /** Merges partial fields into the current user. */
  updateUser: (partial: Partial<User>) => void;
  /** Re-reads GET /api/users/me. */
  refreshUser: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
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
    void fetchMe().finally(() => setLoading(false));
  }, [fetchMe]);

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
      setUser(u);
      setLoading(false);
    },
    [clearUserData],
  );

  const signOut = useCallback(() => {
    try {
      setAuthToken(null);
      setUser(null);
      clearUserData();
      toast({ title: 'Signed out', description: 'You have been successfully signed out.' });
    } catch (err) {
      console.error('Sign out failed', err);
      toast({ title: 'Sign out failed', description: 'An error occurred while signing out.', variant: 'destructive' });
    }
  }, [clearUserData, toast]);

  const updateUser = useCallback((partial: Partial<User>) => {
    setUser((prev) => (prev ? { ...prev, ...partial } : prev));
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      isAuthenticated: user !== null,
      isAdmin: user?.isAdmin === true,
      signIn,
      signOut,
      updateUser,
      refreshUser: fetchMe,
    }),
    [user, loading, signIn, signOut, updateUser, fetchMe],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
