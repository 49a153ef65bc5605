import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Actor } from '@tms/contracts/roles';
// Types only: contracts/auth's schemas are top-level zod calls, which would add zod to the login bundle.
import type { UserDetail } from '@tms/contracts/auth';
import { apiGet, apiSend } from './api-client.ts';
import { clearSession, getSession, useSession } from './session.ts';
import { queryClient as sharedQueryClient } from './query-client.ts';
import { currentLanguage, setLanguage, takePendingLanguage } from './i18n.ts';
import type { Language } from '@tms/contracts/language';

/** `GET /api/tms/user/detail?username=` (RULES.md §2), as the contract defines it. */
export type { UserDetail };
export type UserMenuTab = UserDetail['menuTabs'][number];

export const USER_DETAIL_KEY = 'user-detail';

/** The signed-in user's detail. Silent on failure: the guard logs the user out instead (spec 002 "Route guard"). */
export function userDetailQueryOptions(username: string) {
  return queryOptions({
    queryKey: [USER_DETAIL_KEY, username],
    queryFn: ({ signal }) => apiGet<UserDetail>('/tms/user/detail', { username }, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
    meta: { silent: true },
  });
}

export { useSession };

/** The signed-in user's detail via TanStack Query; `data` is undefined without a session. Loaded by the guard. */
export function useCurrentUser() {
  const session = useSession();
  return useQuery({ ...userDetailQueryOptions(session?.userName ?? ''), enabled: session !== null });
}

/** Whether the user holds at least one of `roles` (short names; 'PM' = manages a project, RULES.md §2). */
export function hasRole(user: Pick<UserDetail, 'roles' | 'isPm'> | null | undefined, ...roles: Actor[]): boolean {
  if (!user) return false;
  return roles.some((role) => (role === 'PM' ? user.isPm : (user.roles as readonly string[]).includes(role)));
}

/** Whether the user's permission list holds the route name (spec 000 §6). */
export function hasPermission(user: Pick<UserDetail, 'permissions'> | null | undefined, routeName: string): boolean {
  return user?.permissions.includes(routeName) ?? false;
}

/** Ends the server session (best effort: a lost connection must not keep the user signed in here) and clears local state. */
export async function logout(): Promise<void> {
  if (getSession()) {
    try {
      await apiSend('POST', '/auth/logout');
    } catch {
      // The local session is cleared either way; the server's idle expiry ends an unreachable session.
    }
  }
  clearSession();
  sharedQueryClient.clear();
}


/** Stores the user's language on their record (`PUT /api/auth/language`), so every device they sign in from uses it. */
export async function saveUserLanguage(language: Language): Promise<void> {
  try {
    await apiSend<null>('PUT', '/auth/language', { language });
    await sharedQueryClient.invalidateQueries({ queryKey: [USER_DETAIL_KEY] });
  } catch {
    // The screen has switched already and this device remembers the choice; the next switch stores it again.
  }
}

/**
 * Once the user is known: a choice made on the login page is saved to their record; otherwise the language stored on
 * their record applies here (issue 25: the choice follows the user to every device).
 */
export function useApplyUserLanguage(user: Pick<UserDetail, 'userName' | 'language'> | undefined) {
  const userName = user?.userName;
  const stored = user?.language ?? null;
  useEffect(() => {
    if (!userName) return;
    const pending = takePendingLanguage();
    if (pending) void saveUserLanguage(pending);
    else if (stored && stored !== currentLanguage()) void setLanguage(stored);
  }, [userName, stored]);
}
