import { z } from 'zod';
import { Money, PageQuery } from './common';
import { grid } from './operators';

// KYC identity verification (docs/kyc.md): the member's Verification page and the back
// office's review queue. Levels: 0 registered, 1 profile and mobile verified, 2 identity document
// and selfie approved, 3 proof of address approved. Amounts are major units (Money).

export const KYC_LEVELS = [0, 1, 2, 3] as const;
export const KycLevel = z.number().int().min(0).max(3);

export const KycDocumentKind = z.enum(['id_front', 'id_back', 'selfie', 'proof_of_address']);
export type KycDocumentKind = z.infer<typeof KycDocumentKind>;
export const KycDocumentStatus = z.enum(['pending', 'approved', 'rejected']);
export type KycDocumentStatus = z.infer<typeof KycDocumentStatus>;

/** Upload limits: content types by magic bytes, bytes per file, pixels per image side. */
export const KYC_MAX_BYTES = 5 * 1024 * 1024;
export const KYC_MAX_IMAGE_SIDE = 8000;
export const KYC_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;

/** What the next level needs, in the order the page lists it. */
export const KycRequirement = z.enum(['details', 'mobile', 'id_front', 'selfie', 'proof_of_address']);
export type KycRequirement = z.infer<typeof KycRequirement>;

export const KycDocument = z.object({
  id: z.number().int(),
  kind: KycDocumentKind,
  status: KycDocumentStatus,
  reason: z.string().nullable(),
  contentType: z.enum(KYC_CONTENT_TYPES),
  size: z.number().int(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type KycDocument = z.infer<typeof KycDocument>;

/** A yyyy-mm-dd calendar date. */
export const KycDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      params: { reason: 'PATTERN' },
    },
  );

/** A person's name as on a document: letters (any script), spaces, apostrophes, dots and hyphens. */
export const KycName = z
  .string()
  .trim()
  .min(2)
  .max(100)
  .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u);

/** GET /wps/kyc: the member's Verification page. */
export const KycStatus = z.object({
  level: KycLevel,
  /** The level the brand requires before a withdrawal. */
  withdrawalLevel: KycLevel,
  canWithdraw: z.boolean(),
  /** The daily withdrawal limit at the member's level; null: none. */
  dailyWithdrawalLimit: Money.nullable(),
  next: z.object({ level: KycLevel, needs: z.array(KycRequirement) }).nullable(),
  details: z.object({ fullName: z.string(), birthday: z.string() }).nullable(),
  verifiedName: z.string().nullable(),
  mobileBound: z.boolean(),
  documents: z.array(KycDocument),
});
export type KycStatus = z.infer<typeof KycStatus>;

/** POST /wps/kyc/details: the name and birthday as on the identity document. */
export const KycDetailsBody = z.object({ fullName: KycName, birthday: KycDay });
export type KycDetailsBody = z.infer<typeof KycDetailsBody>;

/** POST /wps/kyc/documents: multipart `kind` and one `file`. */
export const KycUploadFields = z.object({ kind: KycDocumentKind });

export const KycDocumentParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

// ---- back office

export const AdminKycQueueQuery = PageQuery.extend({
  status: KycDocumentStatus.default('pending'),
  kind: KycDocumentKind.optional(),
  memberId: z.coerce.number().int().min(1).optional(),
});
export type AdminKycQueueQuery = z.infer<typeof AdminKycQueueQuery>;

export const AdminKycQueueItem = KycDocument.extend({
  memberId: z.number().int(),
  username: z.string(),
  enteredName: z.string().nullable(),
  enteredBirthday: z.string().nullable(),
});
export type AdminKycQueueItem = z.infer<typeof AdminKycQueueItem>;
export const AdminKycQueue = grid(AdminKycQueueItem);

export const AdminKycMemberParams = z.object({ memberId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** A member's KYC panel in the back office. */
export const AdminKycMember = z.object({
  memberId: z.number().int(),
  username: z.string(),
  accountStatus: z.enum(['active', 'disabled']),
  level: KycLevel,
  withdrawalLevel: KycLevel,
  mobileBound: z.boolean(),
  details: z.object({ fullName: z.string(), birthday: z.string() }).nullable(),
  verified: z
    .object({ name: z.string(), birthday: z.string().nullable(), at: z.string(), by: z.number().int().nullable() })
    .nullable(),
  underAge: z
    .object({
      closedAt: z.string(),
      refunded: Money,
      /** The withdrawal order the refund was paid out by (permission cashier.approve), or null while it waits. */
      payout: z
        .object({ reference: z.string(), status: z.enum(['pending', 'approved', 'rejected', 'paid', 'confirmed']) })
        .nullable(),
    })
    .nullable(),
  documents: z.array(KycDocument),
});
export type AdminKycMember = z.infer<typeof AdminKycMember>;

/**
 * Approving an identity front records the verified name and birthday read from the document
 * (defaulting to what the member entered); the birthday is checked against the brand's age.
 */
export const AdminKycApproveBody = z.object({
  verifiedName: KycName.optional(),
  birthday: KycDay.optional(),
});
export type AdminKycApproveBody = z.infer<typeof AdminKycApproveBody>;

export const AdminKycRejectBody = z.object({ reason: z.string().trim().min(1).max(300) });
export type AdminKycRejectBody = z.infer<typeof AdminKycRejectBody>;
