import type { Permission } from '@gamehall/shared/api/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from './api-client';
import { onTokenChange, readToken } from './session-token';

/** GET /admin/session/me (contract in CONSOLE-PLAN.md). */
export type OperatorMe = {
  id: number;
  username: string;
  /** The name players read in the support chat. */
  displayName: string;
  /** The password was set by an administrator: nothing else works until it is changed. */
  mustChangePassword?: boolean;
  permissions: string[];
  roles: { id: number; name: string }[];
  twoFactor: { enabled: boolean; required: boolean; recoveryCodesLeft: number };
  idleMinutes: number;
  /** The brand's time zone: report days are its calendar days. */
  brandTimeZone: string;
  mustEnrol?: boolean;
};

export const meQuery = queryOptions({
  queryKey: ['session', 'me'],
  queryFn: () => api<OperatorMe>('/admin/session/me'),
  staleTime: 60_000,
  retry: false,
});

export function useSignedIn(): boolean {
  return useSyncExternalStore(onTokenChange, () => readToken() !== null);
}

/** The signed-in operator (undefined while loading or signed out). */
export function useMe(): OperatorMe | undefined {
  const signedIn = useSignedIn();
  return useQuery({ ...meQuery, enabled: signedIn }).data;
}

/** permissions.ts holdsPermission, without pulling zod into the first chunk: '*' grants every one. */
export function holds(granted: readonly string[], permission: Permission): boolean {
  return granted.includes('*') || granted.includes(permission);
}

export function useCan(): (permission: Permission) => boolean {
  const me = useMe();
  return (permission) => (me ? holds(me.permissions, permission) : false);
}
