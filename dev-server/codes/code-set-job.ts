import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { defineJob } from '../jobs/job-kinds.ts';
import {
  CODE_SET_KINDS,
  STREAMED_KINDS,
  importCodeSet,
  loadBundledCodeSets,
  type CodeSetKind,
} from './code-set-import.ts';

/** File-based code sets a Super User may import from an uploaded release (NPPES and NCCI are too large: npm run import:codes). */
const UPLOADABLE_SETS = CODE_SET_KINDS.filter((k) => !STREAMED_KINDS.includes(k));

/**
 * Imports a code-set release kept in the file store. ICD-10-CM resumes from the batch its last run
 * committed (the checkpoint lands in each batch's transaction); the others are idempotent upserts.
 */
export const codeSetImportJob = defineJob<{ file_id: number; code_set: CodeSetKind }, { done: number }>({
  kind: 'code-set-import',
  permission: ['diagnosis.create', 'procedure.create', 'modifier.create'],
  platform: true,
  retryLimit: 3,
  expireInSeconds: 1800,
  input(raw) {
    const fileId = Number(raw.file_id);
    const fields: ConstructorParameters<typeof DomainError>[2] = {};
    if (!Number.isSafeInteger(fileId) || fileId < 1) fields.file_id = [{ code: 'required', params: { field: 'file' } }];
    if (!(UPLOADABLE_SETS as string[]).includes(String(raw.code_set))) fields.code_set = [{ code: 'invalid' }];
    if (Object.keys(fields).length) throw new DomainError('invalid', {}, fields);
    return { file_id: fileId, code_set: raw.code_set as CodeSetKind };
  },
  // Only a release uploaded as a code set is read as one (an ERA or another billing company's upload never is).
  async check(db, input) {
    const r = await db.query<{ kind: string }>('select kind from files where id = $1', [input.file_id]);
    if (r.rows[0]?.kind !== 'code-set')
      throw new DomainError('invalid', {}, { file_id: [{ code: 'file_not_code_set' }] });
  },
  async run(ctx, input) {
    const file = await ctx.files.get(ctx.actor, input.file_id);
    if (file.kind !== 'code-set') throw new DomainError('invalid', {}, { file_id: [{ code: 'file_not_code_set' }] });
    const bytes = await ctx.files.read(file);
    const from = ctx.checkpoint?.done ?? 0;
    let written = 0;
    // Progress reports are best effort: a failed report must not fail the import (the checkpoint is what counts).
    const n = await importCodeSet({
      db: ctx.db,
      kind: input.code_set,
      file: bytes,
      progress: (done, total) => {
        ctx.progress(done, total).catch(() => undefined);
      },
      lists: undefined,
      resume: {
        from,
        async onBatch(tx, done) {
          written += 1;
          await ctx.saveCheckpoint(tx, { done });
          await ctx.progress(done, null, undefined, tx);
        },
      },
    });
    await ctx.progress(n, n, `${n} codes`);
    return { code_set: input.code_set, codes: n, resumed_from: from, batches_this_run: written, file: file.name };
  },
});

/** The bundled releases of a first start (seed/codes), loaded in the background as a job. */
export const bundledCodeSetsJob = defineJob<Record<string, never>, never>({
  kind: 'bundled-code-sets',
  permission: null,
  platform: true,
  retryLimit: 5,
  expireInSeconds: 1800,
  input: () => ({}),
  async run(ctx) {
    const loaded: string[] = [];
    await loadBundledCodeSets(ctx.db, { CODE_SETS: '1' }, (line) => {
      loaded.push(line);
      console.log(line);
      ctx.progress(loaded.length, 3, line).catch(() => undefined);
    });
    return { loaded };
  },
});
