import { storeOf } from '../resources/store-of.ts';
import { idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import type { EraContext } from './era-files.ts';
import { claimPayments } from './claim-payments.ts';

export const claimPaymentRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'get',
    path: '/claim/{id}/payments',
    permission: 'claim.show',
    summary:
      'What was paid on a claim: its postings (payment, batch, ERA, adjustments, patient responsibility, reversals) with the totals, and the EOB files of those payments',
    async handle(ctx, req, actor) {
      const claim = await storeOf(ctx, actor, 'claim').get(idParam(req));
      return claimPayments(ctx, Number(claim.id));
    },
  },
];
