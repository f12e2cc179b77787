import { json } from '../http/answers.ts';
import type { GuardedRoute } from '../http/guarded-routes.ts';
import type { Queryable } from '../db/database.ts';
import { demoHistoryProgress } from './demo-history-progress.ts';

export const demoHistoryRoutes: GuardedRoute<{ db: Queryable }>[] = [
  {
    method: 'get',
    path: '/demo-history',
    answers: json({ running: 'boolean', 'step?': 'integer', 'steps?': 'integer' }),
    permission: null,
    access: { countsAsActivity: false },
    summary: "The demo's history while it is being made (the desktop shows it to everyone): its step of how many",
    handle: (ctx) => demoHistoryProgress(ctx.db),
  },
];
