import { storeOf } from '../resources/store-of.ts';
import { json, record, file, message } from '../http/answers.ts';
import type { Request } from 'express';
import { DomainError, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Actor } from '../security/actor.ts';
import type { Database } from '../db/database.ts';
import type { FileStore, StoredFile } from '../storage/file-store.ts';
import { sendStoredFile, streamingUpload } from '../files/file-routes.ts';
import { bodyObject, editedVersion, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import { isUsDate } from '../../src/domain/formats.ts';
import { paymentInBatch } from './payment-access.ts';

interface EobContext {
  db: Database;
  entities: Entity[];
  files: FileStore;
}
const id = (v: unknown, field: string) => {
  if (!/^\d{1,15}$/.test(String(v))) throw invalid({ [field]: [problem('field_an_id', { field })] });
  return Number(v);
};
const eobs = (ctx: EobContext, actor: Actor) => storeOf(ctx, actor, 'payment-eob');

/** The payment of the path, within the actor's billing companies (another's is not there). */
const paymentOf = (ctx: EobContext, actor: Actor, req: Request) =>
  paymentInBatch(ctx.db, actor, id(req.params.payment, 'payment'), id(req.params.batch, 'batch'));

/** EOBs of payments (document 3 §7): each file (PDF, JPG, PNG) kept in the file store, linked to its payment, viewed signed in. */
export const eobRoutes: GuardedRoute<EobContext>[] = [
  {
    method: 'post',
    path: '/payments/batch/{batch}/payments/{payment}/eobs',
    answers: json(record('payment_eob')),
    permission: 'payment.eob',
    status: 201,
    summary:
      'Attaches an EOB to a payment (multipart: file — PDF, JPG or PNG, checked by its bytes —, name?, date?): what the upload queue sends, one file a call',
    multipartFor: (ctx) =>
      streamingUpload(ctx, 'eob', async (req, actor) => (await paymentOf(ctx, actor, req)).billingCompanyId),
    async handle(ctx, req, actor) {
      const p = await paymentOf(ctx, actor, req);
      const stored = (req.file as unknown as { stored?: StoredFile } | undefined)?.stored;
      if (!stored) throw invalid({ file: [problem('eob_file_required')] });
      const body = bodyObject(req);
      const date = typeof body.date === 'string' && isUsDate(body.date) ? body.date : undefined;
      return eobs(ctx, actor).create({
        billing_company_id: p.billingCompanyId,
        payment_id: p.id,
        payment_batch_id: p.batchId,
        file_id: stored.id,
        name: typeof body.name === 'string' && body.name.trim() ? body.name.trim().slice(0, 255) : stored.name,
        eob_date: date,
        size: stored.size,
        content_type: stored.content_type,
      });
    },
  },
  {
    method: 'get',
    path: '/payments/batch/{batch}/eobs',
    answers: json([record('payment_eob')]),
    permission: 'payment.eob',
    summary: "Every EOB of a batch's payments",
    async handle(ctx, req, actor) {
      return (
        await eobs(ctx, actor).list(
          { payment_batch_id: String(id(req.params.batch, 'batch')), itemsPerPage: '1000', sortBy: 'id' },
          false,
        )
      ).data;
    },
  },
  {
    method: 'delete',
    path: '/payments/batch/{batch}/payments/{payment}/eobs/{eob}',
    answers: message(),
    permission: 'payment.eob',
    summary: 'Takes an EOB off its payment (the file stays in the file store)',
    async handle(ctx, req, actor) {
      const p = await paymentOf(ctx, actor, req);
      const store = eobs(ctx, actor);
      const e = await store.get(id(req.params.eob, 'eob'));
      if (Number(e.payment_id) !== p.id) throw new DomainError('not_found');
      await store.remove(e.id, { version: editedVersion(req) });
      return { message: 'Deleted.' };
    },
  },
  {
    method: 'get',
    path: '/payments/eobs/{id}',
    phi: { entity: 'payment_eob', view: 'content' },
    answers: file(['application/pdf', 'image/png', 'image/jpeg']),
    permission: 'payment.eob',
    raw: true,
    summary: "An EOB's file, to view (PDFs and images inline)",
    async handle(ctx, req, actor, res) {
      const e = await eobs(ctx, actor).get(idParam(req));
      await sendStoredFile(ctx.files, await ctx.files.get(actor, Number(e.file_id)), res);
    },
  },
];
