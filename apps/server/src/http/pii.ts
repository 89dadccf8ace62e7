import { holdsPermission, PII_PERMISSION } from '@gamehall/shared/api/permissions';
import type { FastifyRequest } from 'fastify';
import type { Principal } from './auth';

/**
 * How an admin response shows members' personal data: mobile numbers, email addresses, bank account
 * numbers and real names (account holder names, full names, KYC names). An operator whose roles hold
 * members.pii reads them in full; everyone else reads a masked form that still tells one value from
 * another on the phone (the last digits, the mail domain, the initials). A masked value is revealed
 * one field at a time through POST /admin/members/:id/reveal, which is audited.
 */
export type PiiView = {
  full: boolean;
  mobile(value: string): string;
  email(value: string): string;
  accountNumber(value: string): string;
  name(value: string): string;
};

/** 0917****567: the first four and the last three digits. */
export function maskMobile(value: string): string {
  if (value.length <= 6) return '*'.repeat(value.length);
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 7)}${value.slice(-3)}`;
}

/** j***@example.com */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 1) return '***';
  return `${value[0]}***${value.slice(at)}`;
}

/** ********4567: the last four digits, as the player site shows a bound account. */
export function maskAccountNumber(value: string): string {
  return value.length <= 4 ? '*'.repeat(value.length) : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}

/** J*** D***: each word's first letter. */
export function maskName(value: string): string {
  return value
    .split(/(\s+)/)
    .map((part) => (part.trim() === '' ? part : `${Array.from(part)[0]}***`))
    .join('');
}

const FULL: PiiView = {
  full: true,
  mobile: (v) => v,
  email: (v) => v,
  accountNumber: (v) => v,
  name: (v) => v,
};

const MASKED: PiiView = {
  full: false,
  mobile: maskMobile,
  email: maskEmail,
  accountNumber: maskAccountNumber,
  name: maskName,
};

export function seesPii(principal: Pick<Principal, 'permissions'> | null): boolean {
  return principal !== null && holdsPermission(principal.permissions, PII_PERMISSION);
}

/** The view of the operator making the request (masked unless their roles hold members.pii). */
export function piiView(request: FastifyRequest): PiiView {
  return seesPii(request.principal) ? FULL : MASKED;
}

/** The full view, for a reveal the operator asked for (and the audit log records). */
export const UNMASKED: PiiView = FULL;

/** Whether the operator making the request holds `permission` (routes that check a second one). */
export function operatorHolds(request: FastifyRequest, permission: Parameters<typeof holdsPermission>[1]): boolean {
  return request.principal !== null && holdsPermission(request.principal.permissions, permission);
}
