import { Readable } from 'node:stream';
import { DomainError, problem } from '../../src/domain/errors/domain-error.ts';
import {
  FILE_KINDS,
  contentAllowed,
  sizeLabel,
  sniffType,
  type FileAccess,
  type FileKind,
} from '../../src/domain/files/file-kinds.ts';
import { can, isSuperUser, type Actor } from '../security/actor.ts';
import { writeAudit } from '../db/audit-writer.ts';
import type { Database, Queryable } from '../db/database.ts';
import { TooLargeError, type BlobStorage } from './blob-storage.ts';

export interface StoredFile {
  id: number;
  billing_company_id: number | null;
  kind: FileKind;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  user_id: number | null;
  created_at: string;
  /** true when these bytes were already here for this billing company and kind: nothing new was kept */
  duplicate?: boolean;
}

const COLUMNS = 'id, billing_company_id, kind, name, content_type, size, sha256, user_id, created_at';

/** A kind of file named in the reader's language ("EOBs", "EOB"). */
const kindName = (kind: FileKind) => ({ en: FILE_KINDS[kind].label, es: FILE_KINDS[kind].label_es });

/** A file over its kind's limit: 413 Content Too Large, naming the limit and the kind, on the field that sent it. */
export function fileTooLarge(kind: FileKind, field = 'file'): DomainError {
  const params = { limit: sizeLabel(FILE_KINDS[kind].maxBytes), kind: kindName(kind) };
  return new DomainError('file_too_large', params, { [field]: [problem('file_too_large', params)] });
}

/** The documents of the file store: rows over content-addressed bytes, tenant-checked on every read. */
export class FileStore {
  constructor(
    private db: Database,
    private blobs: BlobStorage,
  ) {}

  /**
   * Keeps a document: streamed in under the kind's limit, its type decided by its first bytes, and
   * recognised by its hash when the same billing company already holds it as this kind.
   */
  async save(
    actor: Actor,
    input: { kind: FileKind; name: string; billingCompanyId: number | null; source: Readable | Buffer; tx?: Queryable },
  ): Promise<StoredFile> {
    const rule = FILE_KINDS[input.kind];
    if (
      input.billingCompanyId !== null &&
      !actor.crossTenant &&
      !actor.billingCompanyIds.includes(input.billingCompanyId)
    )
      throw new DomainError('forbidden');
    let put;
    try {
      put = await this.blobs.put(
        Buffer.isBuffer(input.source) ? Readable.from([input.source]) : input.source,
        rule.maxBytes,
      );
    } catch (e) {
      if (e instanceof TooLargeError) throw fileTooLarge(input.kind);
      throw e;
    }
    if (put.size === 0) throw new DomainError('invalid', {}, { file: [{ code: 'file_empty' }] });
    const sniffed = sniffType(put.head);
    if (!contentAllowed(input.kind, sniffed))
      throw new DomainError(
        'invalid',
        {},
        { file: [{ code: 'file_type', params: { type: sniffed ?? 'unknown', kind: kindName(input.kind) } }] },
      );
    const name = cleanName(input.name);
    const write = async (tx: Queryable): Promise<StoredFile> => {
      const inserted = await tx.query<StoredFile>(
        `insert into files (billing_company_id, kind, name, content_type, size, sha256, user_id) values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (coalesce(billing_company_id, 0), kind, sha256, (coalesce(case when billing_company_id is null then user_id end, 0))) do nothing returning ${COLUMNS}`,
        [
          input.billingCompanyId,
          input.kind,
          name,
          sniffed ?? 'application/octet-stream',
          put.size,
          put.sha256,
          actor.system ? null : actor.userId,
        ],
      );
      if (!inserted.rows[0]) {
        const existing = await tx.query<StoredFile>(
          `select ${COLUMNS} from files where coalesce(billing_company_id, 0) = $1 and kind = $2 and sha256 = $3
            and coalesce(case when billing_company_id is null then user_id end, 0) = $4`,
          [
            input.billingCompanyId ?? 0,
            input.kind,
            put.sha256,
            input.billingCompanyId === null && !actor.system ? actor.userId : 0,
          ],
        );
        return { ...existing.rows[0], duplicate: true };
      }
      const row = inserted.rows[0];
      await writeAudit(tx, actor, {
        entity: 'file',
        entityId: row.id,
        billingCompanyId: row.billing_company_id,
        event: 'created',
        oldValues: null,
        newValues: {
          kind: row.kind,
          name: row.name,
          size: row.size,
          sha256: row.sha256,
        },
      });
      return { ...row, duplicate: false };
    };
    return input.tx ? write(input.tx) : this.db.transaction(write);
  }

  /** A document the actor may read; another billing company's, or a kind the actor may not read, is simply not there. */
  async get(actor: Actor, id: number): Promise<StoredFile> {
    const r = await this.db.query<StoredFile>(`select ${COLUMNS} from files where id = $1`, [id]);
    const f = r.rows[0];
    if (!f || !mayRead(actor, f)) throw new DomainError('not_found');
    return f;
  }

  open(f: StoredFile): Readable {
    return this.blobs.open(f.sha256);
  }

  /** A document's bytes whole, for what reads a file at once (a code-set release, an ERA). */
  async read(f: StoredFile): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of this.open(f)) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  /** The documents the actor may read, newest first, a page at a time. */
  async list(
    actor: Actor,
    p: {
      kind?: string;
      query?: string;
      page: number;
      perPage: number;
      sortBy: 'created_at' | 'size' | 'name';
      desc: boolean;
    },
  ) {
    const params: unknown[] = [];
    const where: string[] = [];
    if (!actor.crossTenant) {
      params.push(actor.billingCompanyIds);
      where.push(`billing_company_id = any($${params.length}::bigint[])`);
    }
    // Kinds read whole (within the billing companies) and kinds read only where the person made the document.
    const kinds = Object.keys(FILE_KINDS) as FileKind[];
    params.push(
      kinds.filter((k) => readScope(actor, k) === 'all'),
      kinds.filter((k) => readScope(actor, k) === 'own'),
      actor.userId,
    );
    where.push(
      `(kind = any($${params.length - 2}::text[]) or (kind = any($${params.length - 1}::text[]) and user_id = $${params.length}))`,
    );
    if (p.kind) {
      params.push(p.kind);
      where.push(`kind = $${params.length}`);
    }
    if (p.query?.trim()) {
      params.push(`%${p.query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`name ilike $${params.length}`);
    }
    const dir = p.desc ? 'desc' : 'asc';
    const rows = await this.db.query<StoredFile & { total__: number }>(
      `select ${COLUMNS}, count(*) over () as total__ from files where ${where.join(' and ')} order by ${p.sortBy} ${dir}, id ${dir} limit ${p.perPage} offset ${(p.page - 1) * p.perPage}`,
      params,
    );
    const count = rows.rows[0] ? Number(rows.rows[0].total__) : 0;
    return { data: rows.rows.map(({ total__: _t, ...f }) => f), count, numberOfPages: Math.ceil(count / p.perPage) };
  }
}

/** Whether the access names this person (their billing company is checked apart). */
export function grants(actor: Actor, access: FileAccess | undefined): boolean {
  if (!access) return false;
  if (access.everyone) return true;
  if (access.crossTenant && actor.crossTenant) return true;
  if (access.superUser && isSuperUser(actor)) return true;
  return !!access.permissions?.some((slug) => can(actor, slug));
}

/**
 * How much of a kind a person reads: every document of it (in their billing companies), only those
 * they made, or none. A Super User, and the system at work, read every kind.
 */
export function readScope(actor: Actor, kind: FileKind): 'all' | 'own' | 'none' {
  if (actor.system || isSuperUser(actor)) return 'all';
  const read = FILE_KINDS[kind].read;
  if (grants(actor, read)) return 'all';
  return read.maker ? 'own' : 'none';
}

/** Whether a person may read documents of this kind at all (listing them in the File Manager among them). */
export const kindReadable = (actor: Actor, kind: FileKind) => readScope(actor, kind) !== 'none';

function mayRead(actor: Actor, f: StoredFile): boolean {
  const scope = readScope(actor, f.kind);
  if (scope === 'none') return false;
  const mine = !actor.system && f.user_id !== null && Number(f.user_id) === actor.userId;
  if (scope === 'own' && !mine) return false;
  // A document of no billing company (a person's photo or screenshot, a code-set release, a Super User's export).
  if (f.billing_company_id === null) return mine || actor.crossTenant;
  return actor.crossTenant || actor.billingCompanyIds.includes(Number(f.billing_company_id));
}

/** A name fit for a Content-Disposition header and a listing: no path, no control characters, at most 200 characters. */
const cleanName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what a header-safe name drops
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200) || 'file';
