import type { Actor } from '../security/actor.ts';
import { defineJob } from '../jobs/job-kinds.ts';
import { reportFor } from './report-catalogue.ts';
import { runReport, type ReportQuery } from './report-engine.ts';
import { exportReport } from './report-export.ts';

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';

/** Whose eyes the export is for: the report reads what that person may read, nothing more. */
export interface ExportScope {
  userId: number;
  billingCompanyIds: number[];
  crossTenant: boolean;
}

export interface ReportExportInput {
  report: string;
  query: ReportQuery;
  format: ExportFormat;
  locale: 'en' | 'es';
  scope: ExportScope;
}

export const exportScope = (actor: Actor): ExportScope => ({
  userId: actor.userId,
  billingCompanyIds: actor.billingCompanyIds,
  crossTenant: actor.crossTenant,
});

/**
 * A long report's export in the background: the report run whole as the person who asked (their
 * billing companies, their column set), written as CSV, XLSX or PDF and kept in the file store as an
 * export of their billing company (a Super User's belongs to none: only cross-tenant people read it).
 * Started only by POST /reports/{key}/export-jobs, which checks the ask first.
 */
export const reportExportJob = defineJob<ReportExportInput, never>({
  kind: 'report-export',
  permission: null,
  retryLimit: 2,
  expireInSeconds: 1800,
  input: (raw) => raw as unknown as ReportExportInput,
  async run(ctx, input) {
    const actor: Actor = {
      ...ctx.actor,
      system: false,
      userId: input.scope.userId,
      billingCompanyIds: input.scope.billingCompanyIds,
      crossTenant: input.scope.crossTenant,
      url: 'job:report-export',
    };
    await ctx.progress(0, 3, 'running');
    const def = await reportFor({ db: ctx.db, entities: ctx.entities }, actor, input.report);
    const result = await runReport({
      db: ctx.db,
      actor,
      def,
      q: input.query,
      opts: { all: true, locale: input.locale },
    });
    await ctx.progress(1, 3, 'writing');
    const file = await exportReport(def, result, input.format, input.locale);
    await ctx.progress(2, 3, 'saving');
    const saved = await ctx.files.save(actor, {
      kind: 'export',
      name: file.name,
      billingCompanyId: actor.crossTenant ? null : (actor.billingCompanyIds[0] ?? null),
      source: file.body,
    });
    await ctx.progress(3, 3, 'done');
    return { file_id: saved.id, name: file.name, size: saved.size, rows: result.count };
  },
});
