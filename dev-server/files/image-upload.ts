import type { RequestHandler } from 'express';
import multer from 'multer';
import { invalid } from '../http/errors.ts';

export const PHOTO_MESSAGE = 'The photo does not meet the parameters';
/** Document 1 §5 and §9: a photo is under 1 MB. */
export const MAX_IMAGE_BYTES = 1024 * 1024;
const IMAGE_TYPES = /^image\/(png|jpe?g|gif|webp|svg\+xml)$/;

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });

/**
 * Parses a multipart body carrying one image under any of the given field names into req.file. Too
 * large, not an image, or more than one file: 422 with the spec's message, under the first name.
 * A JSON body passes untouched, so the same route takes both.
 */
export function imageUpload(fieldNames: string[]): RequestHandler {
  const parse = upload.fields(fieldNames.map((name) => ({ name, maxCount: 1 })));
  const refuse = () => invalid({ [fieldNames[0]]: [PHOTO_MESSAGE] }, PHOTO_MESSAGE);
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
