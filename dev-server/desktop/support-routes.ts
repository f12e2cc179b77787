import multer from 'multer';
import { DomainError, invalidTexts, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { GuardedRoute } from '../http/guarded-routes.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import type { Request } from 'express';
import { mySupportRequests, SCREENSHOT_BYTES, sendSupportRequest, type SupportRequest } from './support-requests.ts';

export interface SupportContext {
  db: Database;
  files: FileStore;
  mail: MailTransport;
}

// A request is a form (multipart) so a screenshot travels as bytes, not as a JSON string a third larger.
const parseForm = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: SCREENSHOT_BYTES, files: 1, fields: 10, fieldSize: 20_000 },
}).single('screenshot');

function text({
  v,
  field,
  max,
  errors,
  label,
}: {
  v: unknown;
  field: string;
  max: number;
  errors: Record<string, string[]>;
  label: string;
}): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) errors[field] = [`The ${label} field is required.`];
  else if (s.length > max) errors[field] = [`The ${label} may not be greater than ${max} characters.`];
  return s;
}

/** A support request as its form sends it; the screenshot only when it has bytes. */
function supportRequestOf(req: Request): SupportRequest {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const subject = text({ v: b.subject, field: 'subject', max: 150, errors, label: 'subject' });
  const message = text({ v: b.message, field: 'message', max: 5000, errors, label: 'message' });
  const openWindow = typeof b.open_window === 'string' ? b.open_window.trim().slice(0, 200) || null : null;
  if (Object.keys(errors).length) throw invalidTexts(errors);
  return { subject, message, openWindow, shot: req.file && req.file.size ? req.file : null };
}

function supportPage(q: Request['query']): [number, number] {
  const page = Number(q.page ?? 1);
  const perPage = Number(q.itemsPerPage ?? 10);
  if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger(perPage) || perPage < 1 || perPage > 50)
    throw invalid({ page: [problem('page_positive_integer')] });
  return [page, perPage];
}

export const supportRoutes: GuardedRoute<SupportContext>[] = [
  {
    method: 'post',
    path: '/support-requests',
    permission: null,
    status: 201,
    summary:
      'Asks for help (multipart: subject, message, open_window; optional screenshot, a PNG or JPEG up to 5 MB): mailed to the support desk with the version, the user and the window',
    multipart: (req, res, next) =>
      parseForm(req, res, (err: unknown) =>
        err ? next(new DomainError('invalid', {}, { screenshot: [{ code: 'file_empty' }] })) : next(),
      ),
    handle: (ctx, req, actor) => sendSupportRequest(ctx, actor, supportRequestOf(req)),
  },
  {
    method: 'get',
    path: '/support-requests',
    permission: null,
    summary: 'My earlier support requests, newest first (page, itemsPerPage up to 50)',
    handle: (ctx, req, actor) => mySupportRequests(ctx.db, actor, ...supportPage(req.query)),
  },
];
