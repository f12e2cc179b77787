import type { RequestHandler } from 'express';
import { ERROR_CATALOGUE } from '../../src/domain/errors/error-catalogue.ts';
import multer from 'multer';
import { DomainError, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import type { FileStore } from './file-store.ts';

export const PHOTO_MESSAGE = ERROR_CATALOGUE.photo_does_not_meet_parameters.en;
/** Document 1 §5 and §9: a photo is under 1 MB. */
export const MAX_IMAGE_BYTES = 1024 * 1024;
// Only raster images: an SVG can carry script. The declared type is a first sieve; the bytes decide (file store).
const IMAGE_TYPES = /^image\/(png|jpe?g|gif|webp)$/;

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });

/**
 * Parses a multipart body carrying one image under any of the given field names into req.file. Too
 * large, not an image, or more than one file: 422 with the spec's message, under the first name.
 * A JSON body passes untouched, so the same route takes both.
 */
export function imageUpload(fieldNames: string[]): RequestHandler {
  const parse = upload.fields(fieldNames.map((name) => ({ name, maxCount: 1 })));
  const refuse = () =>
    invalid({ [fieldNames[0]]: [problem('photo_does_not_meet_parameters')] }, 'photo_does_not_meet_parameters');
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    parse(req, res, (err: unknown) => {
      if (err) {
        const code = (err as { code?: string }).code;
        return next(code && code.startsWith('LIMIT_') ? refuse() : err);
      }
      const files = Object.values((req.files ?? {}) as Record<string, Express.Multer.File[]>).flat();
      req.file = files[0];
      if (req.file && !IMAGE_TYPES.test(req.file.mimetype)) return next(refuse());
      next();
    });
  };
}

/**
 * Keeps an uploaded photo or logo in the file store (its bytes must be a raster image) and answers
 * the address it is read from: an authenticated, tenant-checked route, never a public path.
 */
export async function savedImage({
  files,
  actor,
  kind,
  file,
  billingCompanyId,
  fields,
}: {
  files: FileStore;
  actor: Actor;
  kind: 'photo' | 'logo';
  file: Express.Multer.File;
  billingCompanyId: number | null;
  fields: string[];
}): Promise<string> {
  try {
    const f = await files.save(actor, { kind, name: file.originalname, billingCompanyId, source: file.buffer });
    return `api/v1/files/${f.id}/content`;
  } catch (e) {
    if (e instanceof DomainError && e.code === 'invalid')
      throw invalid({ [fields[0]]: [problem('photo_does_not_meet_parameters')] }, 'photo_does_not_meet_parameters');
    throw e;
  }
}
