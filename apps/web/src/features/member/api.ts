import type { MemberIcons, SecurityCentre } from '@gamehall/shared/api/member';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export function securityQuery(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'security', token],
    queryFn: () => apiRequest<SecurityCentre>('/wps/member/security'),
    enabled: Boolean(token),
  });
}

export function iconsQuery(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'icons', token],
    queryFn: () => apiRequest<MemberIcons>('/wps/member/info/icon'),
    enabled: Boolean(token),
  });
}

export function setIcon(icon: number) {
  return apiRequest<unknown>('/wps/member/info/icon', { method: 'POST', body: { icon } });
}
