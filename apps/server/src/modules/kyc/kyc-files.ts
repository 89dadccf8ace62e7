import { KYC_MAX_BYTES, KYC_MAX_IMAGE_SIDE, type KycDocumentKind } from '@gamehall/shared/api/kyc';
import type { FastifyReply } from 'fastify';
import type { PDFDocument } from 'pdf-lib';
import type sharpType from 'sharp';
import { AppError } from '../../http/errors';
import type { KycContentType } from './kyc.tables';

// Uploaded KYC files: the type is read from the bytes, never trusted from the name or
// the declared type; images are decoded and re-encoded so nothing but pixels is kept (EXIF with
// GPS position and camera serials, XMP, ICC comments, trailing data after the image); a PDF is
// parsed and rebuilt from its pages alone (no JavaScript, attachments, forms, actions, metadata).
// sharp and pdf-lib load on the first upload: they are among the slowest packages to import, and
// most server starts never see a KYC file.

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PDF = Buffer.from('%PDF-', 'latin1');

/** The type the bytes say they are (magic numbers), or null. */
export function sniffType(data: Buffer): KycContentType | null {
  if (data.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (data.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  if (data.subarray(0, PDF.length).equals(PDF)) return 'application/pdf';
  return null;
}

const DECLARED: Record<string, KycContentType> = {
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/pdf': 'application/pdf',
};

/**
 * Checks an upload and returns what is stored: the content type and the bytes (re-encoded for
 * images). A selfie must be an image; a declared type that differs from the content (a renamed
 * file) is refused; an image larger than KYC_MAX_IMAGE_SIDE pixels a side is refused before it is
 * decoded (sharp reads the header first), so a small file cannot expand into gigabytes.
 */
export async function acceptUpload(
  kind: KycDocumentKind,
  file: { mimetype: string; data: Buffer },
): Promise<{ contentType: KycContentType; data: Buffer }> {
  if (file.data.length === 0) throw new AppError('KYC_FILE_INVALID');
  if (file.data.length > KYC_MAX_BYTES) throw new AppError('KYC_FILE_TOO_LARGE');
  const actual = sniffType(file.data);
  if (!actual) throw new AppError('KYC_FILE_TYPE');
  const declared = DECLARED[file.mimetype.toLowerCase()];
  if (declared !== actual) throw new AppError('KYC_FILE_TYPE_MISMATCH');
  if (actual === 'application/pdf') {
    if (kind === 'selfie') throw new AppError('KYC_FILE_TYPE');
    if (!file.data.subarray(-1024).includes('%%EOF')) throw new AppError('KYC_FILE_INVALID');
    return { contentType: actual, data: await rebuildPdf(file.data) };
  }
  return { contentType: actual, data: await reencode(file.data, actual) };
}

async function reencode(data: Buffer, type: 'image/png' | 'image/jpeg'): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  let meta: Awaited<ReturnType<ReturnType<typeof sharpType>['metadata']>>;
  try {
    meta = await sharp(data, { limitInputPixels: KYC_MAX_IMAGE_SIDE * KYC_MAX_IMAGE_SIDE }).metadata();
  } catch {
    throw new AppError('KYC_FILE_INVALID');
  }
  if (!meta.width || !meta.height) throw new AppError('KYC_FILE_INVALID');
  if (meta.width > KYC_MAX_IMAGE_SIDE || meta.height > KYC_MAX_IMAGE_SIDE) throw new AppError('KYC_IMAGE_TOO_LARGE');
  try {
    // rotate() applies the EXIF orientation before the EXIF block is dropped, so a phone photo
    // stays upright. sharp writes no metadata unless asked (withMetadata / keepMetadata).
    const image = sharp(data, { limitInputPixels: KYC_MAX_IMAGE_SIDE * KYC_MAX_IMAGE_SIDE, failOn: 'error' }).rotate();
    return type === 'image/png'
      ? await image.png({ compressionLevel: 9 }).toBuffer()
      : await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  } catch {
    throw new AppError('KYC_FILE_INVALID');
  }
}

/** A document of more pages than this is no identity document or bill: refused. */
export const KYC_MAX_PDF_PAGES = 20;

// Page keys that can carry actions, attachments, form fields or metadata: /AA (additional actions,
// JavaScript on open or close), /Annots (links with actions, file attachments, form widgets),
// /Metadata (XMP), /PieceInfo (application data), /Thumb (a second, unchecked image).
const PAGE_KEYS_DROPPED = ['AA', 'Annots', 'Metadata', 'PieceInfo', 'Thumb', 'B'];

/**
 * A PDF is parsed and only its pages are copied into a new document (metadata stripped, like the
 * images): the new catalog has no /OpenAction, /Names (JavaScript, EmbeddedFiles), /AcroForm or
 * /Metadata, and the copied pages lose the keys above; the document
 * information (author, producer, dates) is not carried over. Anything pdf-lib cannot parse strictly,
 * an encrypted file, no page or too many is refused.
 */
async function rebuildPdf(data: Buffer): Promise<Buffer> {
  const { PDFDocument, PDFName } = await import('pdf-lib');
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(data, { throwOnInvalidObject: true, updateMetadata: false });
  } catch {
    throw new AppError('KYC_FILE_INVALID');
  }
  try {
    const count = source.getPageCount();
    if (count === 0 || count > KYC_MAX_PDF_PAGES) throw new AppError('KYC_FILE_INVALID');
    // Dropped before the copy: copyPages copies every object a page refers to.
    for (const page of source.getPages()) for (const key of PAGE_KEYS_DROPPED) page.node.delete(PDFName.of(key));
    const copy = await PDFDocument.create({ updateMetadata: false });
    for (const page of await copy.copyPages(source, source.getPageIndices())) copy.addPage(page);
    return Buffer.from(await copy.save({ useObjectStreams: false }));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('KYC_FILE_INVALID');
  }
}

/** A stored document: never cached by shared caches, never sniffed, a PDF sandboxed. */
export function sendDocument(reply: FastifyReply, file: { contentType: string; data: Buffer }) {
  return reply
    .type(file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
    .header('content-disposition', 'inline')
    .send(file.data);
}
