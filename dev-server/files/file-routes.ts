import type { Request, RequestHandler, Response } from 'express';
import { json, file, type Shape } from '../http/answers.ts';
import multer, { type StorageEngine } from 'multer';
import type { Readable } from 'node:stream';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { FILE_KINDS, isFileKind, type FileKind } from '../../src/domain/files/file-kinds.ts';
import type { Actor } from '../security/actor.ts';
import type { Database } from '../db/database.ts';
import { idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { writePhiRead } from '../audit/phi-reads.ts';
import { fileTooLarge, grants, kindReadable, type FileStore, type StoredFile } from '../storage/file-store.ts';

export interface FileContext {
  db: Database;
  files: FileStore;
}

function kindParam(req: Request): FileKind {
  const kind = String(req.query.kind ?? '');
  if (!isFileKind(kind))
    throw new DomainError('invalid', {}, { kind: [{ code: 'file_kind', params: { kind: kind || '—' } }] });
  return kind;
}

/** The billing company a document goes to: the one named (Super User, or one of the person's), or the person's only one. */
function ownerOf(req: Request, actor: Actor, kind: FileKind): number | null {
  if (kind === 'code-set') return null;
  const asked = req.query.billing_company_id === undefined ? undefined : Number(req.query.billing_company_id);
  if (asked !== undefined) {
    if (!Number.isSafeInteger(asked) || asked < 1)
      throw new DomainError('invalid', {}, { billing_company_id: [{ code: 'billing_company_required' }] });
    if (!actor.crossTenant && !actor.billingCompanyIds.includes(asked)) throw new DomainError('forbidden');
    return asked;
  }
  if (actor.billingCompanyIds.length === 1) return actor.billingCompanyIds[0];
  throw new DomainError('invalid', {}, { billing_company_id: [{ code: 'billing_company_required' }] });
}

/** A multipart body's own lines around the file (boundaries, headers, a few fields): a generous allowance. */
const MULTIPART_ROOM = 64 * 1024;

/**
 * multer hands the file over as a stream; it goes straight into the file store (hashed, counted,
 * type-checked on the way), never whole into memory.
 */
/** fixedKind and owner: a route that stores one kind for one record's billing company (an EOB of a payment). */
export function streamingUpload(
  ctx: FileContext,
  fixedKind?: FileKind,
  owner?: (req: Request, actor: Actor) => Promise<number>,
): RequestHandler {
  /** What the file store refused (a file over its kind's limit): said, whatever the multipart reader says after it. */
  const refusals = new WeakMap<Request, unknown>();
  const engine: StorageEngine = {
    _handleFile(req, file, cb) {
      const actor = req.res?.locals.actor as Actor;
      const kind = fixedKind ?? kindParam(req);
      Promise.resolve()
        .then(() => (owner ? owner(req, actor) : ownerOf(req, actor, kind)))
        .then((billingCompanyId) =>
          ctx.files.save(actor, { kind, name: file.originalname, billingCompanyId, source: file.stream as Readable }),
        )
        .then(
          (stored) => cb(null, { stored } as never),
          (e) => {
            refusals.set(req, e);
            (file.stream as Readable).resume();
            cb(e);
          },
        );
    },
    _removeFile(_req, _file, cb) {
      cb(null);
    },
  };
  const parse = multer({ storage: engine, limits: { files: 1, fields: 10 } }).single('file');
  return (req, res, next) => {
    try {
      const actor = res.locals.actor as Actor;
      const kind = fixedKind ?? kindParam(req);
      if (!grants(actor, FILE_KINDS[kind].upload)) throw new DomainError('forbidden');
      if (!req.is('multipart/form-data')) throw new DomainError('invalid', {}, { file: [{ code: 'file_empty' }] });
      // A body that says it is larger than the kind allows (with room for the form's own lines) is refused before a
      // byte of it is read: 413, not whatever a reader cut off mid-way would say.
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > FILE_KINDS[kind].maxBytes + MULTIPART_ROOM) {
        res.set('Connection', 'close');
        throw fileTooLarge(kind);
      }
    } catch (e) {
      return next(e);
    }
    parse(req, res, (err: unknown) => {
      const refused = refusals.get(req);
      if (refused instanceof DomainError) return next(refused);
      if (err && !(err instanceof DomainError)) {
        // A cut-off or malformed multipart body is the sender's fault, not ours.
        return next(new DomainError('upload_malformed'));
      }
      next(err);
    });
  };
}

const listSorts = ['created_at', 'size', 'name'] as const;

/** A document in the file store: what it is, its size and checksum, who put it there and when. */
const STORED_FILE = {
  id: 'integer',
  billing_company_id: 'integer?',
  kind: 'string',
  name: 'string',
  content_type: 'string',
  size: 'integer',
  sha256: 'string',
  // none for what the system stored itself (a polled ERA, a demo's file)
  user_id: 'integer?',
  created_at: 'string',
} satisfies Shape;

export const fileRoutes: GuardedRoute<FileContext>[] = [
  {
    method: 'get',
    path: '/files',
    answers: json({
      data: [STORED_FILE],
      count: 'integer',
      numberOfPages: 'integer',
    }),
    permission: null,
    summary: 'Documents I may read (kind, query, page, itemsPerPage, sortBy created_at|size|name, sortDesc)',
    async handle(ctx, req, actor) {
      const q = req.query as Record<string, string | undefined>;
      const page = Number(q.page ?? 1);
      const perPage = Number(q.itemsPerPage ?? 10);
      const sortBy = (q.sortBy ?? 'created_at') as (typeof listSorts)[number];
      const errors: Record<string, Array<{ code: 'invalid' }>> = {};
      if (!Number.isSafeInteger(page) || page < 1) errors.page = [{ code: 'invalid' }];
      if (!Number.isSafeInteger(perPage) || perPage < 1 || perPage > 1000) errors.itemsPerPage = [{ code: 'invalid' }];
      if (!listSorts.includes(sortBy)) errors.sortBy = [{ code: 'invalid' }];
      if (q.kind !== undefined && !isFileKind(q.kind)) errors.kind = [{ code: 'invalid' }];
      if (Object.keys(errors).length) throw new DomainError('invalid', {}, errors);
      return ctx.files.list(actor, {
        kind: q.kind,
        query: q.query,
        page,
        perPage,
        sortBy,
        desc: (q.sortDesc ?? 'true') !== 'false',
      });
    },
  },
  {
    method: 'get',
    path: '/files/kinds',
    answers: json([{ id: 'string', name: 'string', max_bytes: 'integer', uploadable: 'boolean' }]),
    permission: null,
    summary: 'The kinds of document I may read, their size limits and labels, and whether I may upload one',
    async handle(_ctx, _req, actor, res) {
      const es = res.locals.locale === 'es';
      return (Object.entries(FILE_KINDS) as Array<[FileKind, (typeof FILE_KINDS)[FileKind]]>)
        .filter(([id]) => kindReadable(actor, id))
        .map(([id, k]) => ({
          id,
          name: es ? k.label_es : k.label,
          max_bytes: k.maxBytes,
          uploadable: grants(actor, k.upload),
        }));
    },
  },
  {
    method: 'post',
    path: '/files',
    answers: json({ ...STORED_FILE, duplicate: 'boolean' }),
    permission: null,
    status: 201,
    summary:
      'Upload a document (multipart field file; ?kind=eob|era|upload|code-set; ?billing_company_id for a Super User). The same bytes twice answer the stored document with duplicate: true',
    multipartFor: (ctx) => streamingUpload(ctx),
    async handle(_ctx, req) {
      const stored = (req.file as unknown as { stored?: StoredFile } | undefined)?.stored;
      if (!stored) throw new DomainError('invalid', {}, { file: [{ code: 'file_empty' }] });
      return stored;
    },
  },
  {
    method: 'get',
    path: '/files/{id}',
    answers: json(STORED_FILE),
    permission: null,
    summary: "A document's details",
    async handle(ctx, req, actor) {
      return ctx.files.get(actor, idParam(req));
    },
  },
  {
    method: 'get',
    path: '/files/{id}/content',
    phi: 'recorded',
    answers: file(['*/*']),
    permission: null,
    summary: "A document's bytes (tenant-checked; served with nosniff and its sniffed type)",
    raw: true,
    async handle(ctx, req, actor, res) {
      const stored = await ctx.files.get(actor, idParam(req));
      // A document of patients' information (an ERA, an 837, an EOB, a statement, an export): its read is audited
      // before a byte goes (the person may read it: it was found for them).
      if (isFileKind(stored.kind) && FILE_KINDS[stored.kind].phi)
        await writePhiRead(ctx.db, actor, {
          entity: 'file',
          id: stored.id,
          billingCompanyId: stored.billing_company_id === null ? null : Number(stored.billing_company_id),
          view: { view: 'content', kind: stored.kind },
        });
      await sendStoredFile(ctx.files, stored, res);
      return undefined;
    },
  },
];

/** A stored document's bytes as a response: its sniffed type, never executed by the browser (nosniff, sandbox), PDFs and images inline. */
export async function sendStoredFile(files: FileStore, f: StoredFile, res: Response): Promise<void> {
  const inline = f.content_type === 'application/pdf' || f.content_type.startsWith('image/');
  res.set({
    'Content-Type': f.content_type,
    'Content-Length': String(f.size),
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${f.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(f.name)}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    // Logos are a company's own picture, worth caching; every other document (EOBs, statements, photos of patients,
    // remittances) is PHI, which a shared computer's browser must not keep.
    'Cache-Control': f.kind === 'logo' ? 'private, max-age=300' : 'no-store',
    ETag: `"${f.sha256}"`,
  });
  await new Promise<void>((resolve, reject) => {
    const s = files.open(f);
    s.on('error', reject);
    res.on('finish', () => resolve());
    res.on('close', () => resolve());
    s.pipe(res);
  });
}
