import type { Actor } from '../security/actor.ts';
import { notFound, problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { writeAudit } from '../db/audit-writer.ts';
import type { StoreContext } from '../resources/store-of.ts';
import type { ReportDef } from '../../src/platform/report.ts';
import { reportByKey, reportDefinitions } from './report-definitions.ts';
import { visibleSaved } from './saved-reports.ts';

const CUSTOM = /^custom-(\d{1,15})$/;
export const customKey = (id: unknown) => `custom-${Number(id)}`;

/** A custom report as a report: its base's filters, periods and order, only the columns picked (in the order picked), grouped only by those. */
export function customDefinition(base: ReportDef, saved: Record<string, unknown>): ReportDef {
  const picked = (saved.columns as string[])
    .map((k) => base.columns.find((c) => c.key === k))
    .filter((c) => c !== undefined);
  const name = String(saved.name);
  return {
    ...base,
    key: customKey(saved.id),
    module: undefined,
    name,
    name_es: name,
    description: `Custom report based on ${base.name}.`,
    description_es: `Reporte personalizado basado en ${base.name_es}.`,
    columns: picked,
    groupBy: base.groupBy.filter((g) => picked.some((c) => c.key === g)),
  };
}

/** The report a key names: one of the definitions, or a custom report (custom-N) the person may use. */
export async function reportFor(ctx: StoreContext, actor: Actor, key: string): Promise<ReportDef> {
  const custom = CUSTOM.exec(key);
  if (!custom) {
    const def = reportByKey(key);
    if (!def) throw notFound();
    return def;
  }
  const saved = (await visibleSaved(ctx, actor, { table: 'custom_reports' }, { ids: custom[1] }))[0];
  const base = saved ? reportByKey(String(saved.report_key)) : undefined;
  if (!saved || !base) throw notFound();
  return customDefinition(base, saved);
}

const favouritesOf = async (ctx: StoreContext, actor: Actor) =>
  ((
    await ctx.db.query<{ f: unknown }>(`select settings->'favorite_reports' as f from users where id = $1`, [
      actor.userId,
    ])
  ).rows[0]?.f as string[] | null) ?? [];

export interface ListedReport {
  key: string;
  name: string;
  classification: number;
  description: string;
  type: 1 | 2;
  base: string | null;
  favorite: boolean;
  mine: boolean;
  shared: boolean;
}

/**
 * The reports a person may run — the definitions and the custom reports they may use (type 2) —
 * each marked when it is one of their favourites; narrowed by ?clasifications (or classifications)
 * and ?favorite=true as the predecessor's list was.
 */
export async function listReports(
  ctx: StoreContext,
  actor: Actor,
  locale: string,
  q: Record<string, unknown>,
): Promise<ListedReport[]> {
  const es = locale === 'es';
  const favourites = new Set(await favouritesOf(ctx, actor));
  const customs = await visibleSaved(ctx, actor, { table: 'custom_reports' }, {});
  const all: ListedReport[] = [
    ...reportDefinitions().map((d) => ({
      key: d.key,
      name: es ? d.name_es : d.name,
      classification: d.classification,
      description: es ? d.description_es : d.description,
      type: 1 as const,
      base: null,
      mine: false,
      shared: true,
    })),
    ...customs.flatMap((c) => {
      const base = reportByKey(String(c.report_key));
      if (!base) return [];
      const def = customDefinition(base, c);
      return [
        {
          key: def.key,
          name: def.name,
          classification: def.classification,
          description: es ? def.description_es : def.description,
          type: 2 as const,
          base: base.key,
          mine: Boolean(c.mine),
          shared: Boolean(c.shared),
        },
      ];
    }),
  ].map((r) => ({ ...r, favorite: favourites.has(r.key) }));
  const classes = q.clasifications ?? q.classifications;
  const wanted = classes === undefined || classes === '' ? null : new Set(String(classes).split(',').map(Number));
  return all.filter(
    (r) =>
      (!wanted || wanted.has(r.classification)) &&
      (q.favorite === undefined || q.favorite === '' || String(q.favorite) === String(r.favorite)),
  );
}

/** Marks or unmarks a report as one of the person's favourites (kept with their settings; audited). */
export async function setFavourite(
  ctx: StoreContext,
  actor: Actor,
  key: string,
  favorite: unknown,
): Promise<{ key: string; favorite: boolean }> {
  if (typeof favorite !== 'boolean') throw invalid({ favorite: [problem('favorite_field_true_false')] });
  await reportFor(ctx, actor, key);
  return ctx.db.transaction(async (tx) => {
    const before = (
      await tx.query<{ settings: Record<string, unknown> }>('select settings from users where id = $1 for update', [
        actor.userId,
      ])
    ).rows[0];
    if (!before) throw notFound();
    const list = ((before.settings.favorite_reports as string[] | undefined) ?? []).filter((k) => k !== key);
    const settings = { ...before.settings, favorite_reports: favorite ? [...list, key] : list };
    await tx.query('update users set settings = $2, updated_at = now() where id = $1', [
      actor.userId,
      JSON.stringify(settings),
    ]);
    await writeAudit(tx, actor, {
      entity: 'user',
      entityId: actor.userId,
      billingCompanyId: null,
      event: 'updated',
      oldValues: { favorite_reports: before.settings.favorite_reports ?? [] },
      newValues: { favorite_reports: settings.favorite_reports },
    });
    return { key, favorite };
  });
}
