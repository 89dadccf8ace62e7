import type { FastifyRequest } from 'fastify';
import { AppError, fieldErrors } from './errors';
import { unstorablePaths } from './input-guards';

export type UploadedFile = { mimetype: string; data: Buffer };

/**
 * A multipart body's text fields and files. Limits (5 MB a file, 3 files) are set where the plugin
 * is registered (app.ts); going past them is a 413 from the plugin.
 */
export async function readMultipart(
  req: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') files.push({ mimetype: part.mimetype, data: await part.toBuffer() });
      else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    // The plugin's own errors carry their status (413 past a limit); the parser's (no boundary, a
    // truncated body, a broken part header) are plain errors, and the client's fault all the same.
    if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new AppError('BAD_REQUEST');
  }
  // Text fields bypass the body hook that refuses text PostgreSQL cannot store (input-guards.ts).
  const refused = unstorablePaths(fields);
  if (refused.length > 0) throw fieldErrors(Object.fromEntries(refused.map((f) => [f, 'INVALID'])));
  return { fields, files };
}
