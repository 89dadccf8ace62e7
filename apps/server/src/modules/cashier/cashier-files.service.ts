import { UPLOAD_MAX_BYTES } from '@gamehall/shared/api/cashier';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { AppError } from '../../http/errors';
import { reencodeImage } from '../../http/image-upload';
import * as q from './cashier.queries';

// Images members upload to an order (deposit proofs, withdrawal receipts): checking and storing
// them, and reading them back for operators.

export type UploadedImage = { mimetype: string; data: Buffer };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

// The declared type must be png or jpeg and the bytes must say so too: a renamed file is refused.
function imageType(image: UploadedImage): 'image/png' | 'image/jpeg' | null {
  if (image.mimetype === 'image/png' && image.data.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if ((image.mimetype === 'image/jpeg' || image.mimetype === 'image/jpg') && image.data.subarray(0, 3).equals(JPEG))
    return 'image/jpeg';
  return null;
}

type KeptImage = { contentType: 'image/png' | 'image/jpeg'; data: Buffer };

/** Checks every image, then answers each re-encoded (only its pixels are kept: http/image-upload.ts). */
export async function acceptImages(images: UploadedImage[]): Promise<KeptImage[]> {
  const typed = images.map((image) => {
    if (image.data.length > UPLOAD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
    const contentType = imageType(image);
    if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    return { contentType, data: image.data };
  });
  const kept: KeptImage[] = [];
  for (const image of typed)
    kept.push({
      contentType: image.contentType,
      data: await reencodeImage(image.data, image.contentType, 'UNSUPPORTED_MEDIA_TYPE'),
    });
  return kept;
}

export async function storeImage(
  ctx: AppContext,
  trx: Conn,
  memberId: number,
  purpose: 'deposit_proof' | 'withdrawal_receipt',
  reference: string,
  image: KeptImage,
) {
  await q.insertFile(trx, {
    memberId,
    purpose,
    reference,
    contentType: image.contentType,
    data: image.data,
    now: ctx.now(),
  });
}

// ---- uploaded images, for operators deciding on an order

export function orderImages(ctx: AppContext, reference: string) {
  return q.listFiles(ctx.db, reference);
}

export async function orderImage(ctx: AppContext, reference: string, id: number) {
  const file = await q.findFile(ctx.db, reference, id);
  if (!file) throw new AppError('NOT_FOUND');
  return { contentType: file.content_type, data: Buffer.from(file.data) };
}
