import type { ErrorCode } from '@gamehall/shared/errors';
import type sharpType from 'sharp';
import { AppError } from './errors';

/** The image types uploads take (each area accepts its own subset). */
export type UploadImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The widest and tallest image an upload may be, checked on the header before any pixel is decoded. */
export const UPLOAD_MAX_IMAGE_SIDE = 8000;

/**
 * Decodes an uploaded image and encodes it again in its own type, and answers the new bytes: only
 * the pixels are kept, never what rode along with them (HTML or script after the image's end, a
 * polyglot file, EXIF with a GPS position, XMP, comments). What is stored and served is always an
 * image of the type it is served as. The header is read first, so a small file cannot expand into
 * gigabytes of pixels; an image that does not decode is refused with `invalid`. sharp loads on the
 * first upload (it is slow to import and most starts never see one); KYC documents use their own
 * copy of these rules (kyc-files.ts) with their own codes.
 */
export async function reencodeImage(data: Buffer, type: UploadImageType, invalid: ErrorCode): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const limitInputPixels = UPLOAD_MAX_IMAGE_SIDE * UPLOAD_MAX_IMAGE_SIDE;
  let meta: Awaited<ReturnType<ReturnType<typeof sharpType>['metadata']>>;
  try {
    meta = await sharp(data, { limitInputPixels }).metadata();
  } catch {
    throw new AppError(invalid);
  }
  if (!meta.width || !meta.height || meta.width > UPLOAD_MAX_IMAGE_SIDE || meta.height > UPLOAD_MAX_IMAGE_SIDE)
    throw new AppError(invalid);
  const expected = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' }[type];
  if (meta.format !== expected) throw new AppError(invalid);
  try {
    // rotate() applies the EXIF orientation before the EXIF block is dropped (sharp writes no
    // metadata unless asked), so a phone photo stays upright.
    const image = sharp(data, { limitInputPixels, failOn: 'error' }).rotate();
    if (type === 'image/png') return await image.png({ compressionLevel: 9 }).toBuffer();
    if (type === 'image/jpeg') return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    return await image.webp({ quality: 90 }).toBuffer();
  } catch {
    throw new AppError(invalid);
  }
}
