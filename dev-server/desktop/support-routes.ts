import multer from 'multer';
import { json, type Shape } from '../http/answers.ts';
import { DomainError, problem, invalid, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/file-store.ts';
import { bodyObject, type GuardedRoute } from '../http/guarded-routes.ts';
import { fileTooLarge } from '../storage/file-store.ts';
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

const MAX_MESSAGE = 5000;

/** A support request as its form sends it; the screenshot only when it has bytes. */
function supportRequestOf(req: Request): SupportRequest {
  const b = bodyObject(req);
  const errors: Record<string, FieldProblem[]> = {};
  const subject = typeof b.subject === 'string' ? b.subject.trim() : '';
  if (!subject) errors.subject = [problem('subject_field_required')];
  else if (subject.length > 150) errors.subject = [problem('subject_over_150_characters')];
  const message = typeof b.message === 'string' ? b.message.trim() : '';
  if (!message) errors.message = [problem('message_field_required')];
  else if (message.length > MAX_MESSAGE)
    errors.message = [problem('message_over_max_characters', { max: MAX_MESSAGE })];
  const openWindow = typeof b.open_window === 'string' ? b.open_window.trim().slice(0, 200) || null : null;
  if (Object.keys(errors).length) throw invalid(errors);
  return { subject, message, openWindow, shot: req.file && req.file.size ? req.file : null };
}

function supportPage(q: Request['query']): [number, number] {
  const page = Number(q.page ?? 1);
  const perPage = Number(q.itemsPerPage ?? 10);
  if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger(perPage) || perPage < 1 || perPage > 50)
    throw invalid({ page: [problem('page_positive_integer')] });
  return [page, perPage];
}

/** A request for help as it was sent: what was asked, from which window and version, with its screenshot. */
const SUPPORT_REQUEST = {
  id: 'integer',
  subject: 'string',
  message: 'string',
  open_window: 'string?',
  app_version: 'string',
  screenshot_file_id: 'integer?',
  created_at: 'string',
} satisfies Shape;

export const supportRoutes: GuardedRoute<SupportContext>[] = [
  {
    method: 'post',
    path: '/support-requests',
    answers: json(SUPPORT_REQUEST),
    permission: null,
    status: 201,
    summary:
      'Asks for help (multipart: subject, message, open_window; optional screenshot, a PNG or JPEG up to 5 MB): mailed to the support desk with the version, the user and the window',
    multipart: (req, res, next) =>
      parseForm(req, res, (err: unknown) => {
        if (!err) return next();
        // Over the limit is 413 naming it; a cut-off or malformed form is the sender's fault, said as such.
        if ((err as { code?: string }).code === 'LIMIT_FILE_SIZE')
          return next(fileTooLarge('screenshot', 'screenshot'));
        next(new DomainError('upload_malformed'));
      }),
    handle: (ctx, req, actor) => sendSupportRequest(ctx, actor, supportRequestOf(req)),
  },
  {
    method: 'get',
    path: '/support-requests',
    answers: json({ data: [SUPPORT_REQUEST], count: 'integer' }),
    permission: null,
    summary: 'My earlier support requests, newest first (page, itemsPerPage up to 50)',
    handle: (ctx, req, actor) => mySupportRequests(ctx.db, actor, ...supportPage(req.query)),
  },
];
