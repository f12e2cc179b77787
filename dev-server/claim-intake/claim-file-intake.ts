import type { Actor } from '../security/actor.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Locale } from '../i18n/locale.ts';
import type { FileStore } from '../storage/file-store.ts';
import { ResourceStore } from '../resources/resource-store.ts';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';
import { addClaimNotes } from '../claims/claim-bulk.ts';
import { historyNote } from '../../src/domain/history-notes.ts';
import { previewOf, type ClaimFilePreview } from './claim-file-preview.ts';
import { ClaimMaker } from './claim-from-file.ts';
import { readClaimFile, type ClaimFileRead } from './claim-file-source.ts';
import { checkedWords } from './claim-intake-words.ts';
import {
  countsOf,
  kept,
  MADE,
  PENDING,
  keptOfFields,
  problemText,
  rowOf,
  statusOf,
  updateClaimRows,
  type ClaimFileRow,
} from './claim-file-rows.ts';

/** What taking a file in answers, as the list's upload shows it (the same frame as an ERA's). */
export interface TakeAnswer {
  received: Array<{
    file: string;
    result: 'claim_file_received' | 'duplicate';
    message: string;
    claim_file?: { id: number } & ReturnType<typeof countsOf>;
  }>;
}

const storeOf = (name: string) => (ctx: IntakeContext, actor: Actor) =>
  new ResourceStore(ctx.db, ctx.entities.find((e) => e.name === name)!, actor);
const fileStore = storeOf('claim-file');
const claimRowStore = storeOf('claim-file-claim');

/** The claim file's own facts: who sent it, its form, its total. */
const headerOf = (file: ClaimFileRead, preview: ClaimFilePreview) => ({
  ...(file.sender ? { sender: file.sender } : {}),
  format_id: file.format_id,
  total_charge: preview.claims.reduce((a, c) => a + c.charge_cents, 0),
});

/** What the intake needs of the server: its database, its entities and its file store. */
export interface IntakeContext {
  db: Database;
  entities: Entity[];
  files: FileStore;
}

/**
 * A practice's 837 kept as a claim file, in the caller's transaction: every claim checked and matched (the preview),
 * kept with its findings and matches, and nothing else written — no patient, no claim — until a person imports.
 */
export async function keepClaimFile(
  tx: Queryable,
  ctx: IntakeContext,
  actor: Actor,
  input: { bc: number; file: { id: number; name: string; sha256: string }; read: ClaimFileRead },
) {
  const { bc, file, read } = input;
  const preview = await previewOf(tx, bc, read);
  const rows = preview.claims.map(rowOf);
  const counts = countsOf(rows);
  const made = await fileStore(ctx, actor).create(
    {
      billing_company_id: bc,
      name: file.name,
      file_id: file.id,
      content_hash: file.sha256,
      ...headerOf(read, preview),
      ...counts,
      status: statusOf(rows),
      findings: preview.problems.map(kept),
    },
    {
      tx,
      within: async (t, row) =>
        void (await claimRowStore(ctx, actor).insertMany(
          t,
          rows.map((r) => ({ ...r, billing_company_id: bc, claim_file_id: row.id })),
        )),
    },
  );
  return { id: made.id, ...counts };
}

/**
 * A practice's 837 uploaded in Claim Files, taken in as a claim file (keepClaimFile). The same bytes taken in twice
 * are one claim file.
 */
export async function takeClaimFile(
  ctx: IntakeContext,
  actor: Actor,
  fileId: number,
  locale: Locale,
): Promise<TakeAnswer> {
  const stored = await ctx.files.get(actor, fileId);
  const bc = Number(stored.billing_company_id);
  const again = await ctx.db.query<{ id: string; name: string }>(
    'select id, name from claim_files where billing_company_id = $1 and content_hash = $2 order by id limit 1',
    [bc, stored.sha256],
  );
  if (again.rows[0])
    return {
      received: [
        { file: stored.name, result: 'duplicate', message: `Already received as claim file ${again.rows[0].name}` },
      ],
    };
  const read = await readClaimFile(ctx.db, ctx.files, stored, bc);
  if (!read.read.length && !read.checked.findings.length)
    throw new DomainError('intake_no_claims', { file: stored.name });
  const made = await ctx.db.transaction((tx) => keepClaimFile(tx, ctx, actor, { bc, file: stored, read }));
  return {
    received: [
      {
        file: stored.name,
        result: 'claim_file_received',
        message: checkedWords(made, locale),
        claim_file: made,
      },
    ],
  };
}

/** The claim file's claims, read from the file store before its transaction (the store reads on its own connection). */
async function readOfClaimFile(ctx: IntakeContext, actor: Actor, id: number): Promise<ClaimFileRead> {
  const file = await fileStore(ctx, actor).get(id);
  const stored = await ctx.files.get(actor, Number(file.file_id));
  return readClaimFile(ctx.db, ctx.files, stored, Number(file.billing_company_id));
}

/** Where each of a file's claims stands: its order in the file and its outcome. */
type Standing = Pick<ClaimFileRow, 'position' | 'outcome'>;

/** The claim file locked in the transaction, with where each of its claims stands. */
async function opened(ctx: IntakeContext, actor: Actor, tx: Queryable, id: number) {
  const file = await fileStore(ctx, actor).get(id, tx, true);
  const bc = Number(file.billing_company_id);
  const rows = (
    await tx.query<Standing>(
      `select position, outcome from claim_file_claims where billing_company_id = $1 and claim_file_id = $2 order by position`,
      [bc, id],
    )
  ).rows;
  return { file, bc, rows };
}

/** The file's claims with the changed ones in their place. */
function merged(rows: Standing[], changed: Standing[]): Standing[] {
  const at = new Map(changed.map((c) => [c.position, c]));
  return rows.map((r) => at.get(r.position) ?? r);
}

/** The file's row brought up to date with what its claims now are, audited. */
async function settle(ctx: IntakeContext, actor: Actor, tx: Queryable, id: number, rows: Standing[]) {
  await fileStore(ctx, actor).update(id, { ...countsOf(rows), status: statusOf(rows) }, { tx });
}

/**
 * Checks the file's waiting claims again (after the payer or clinic they name was set up): each claim not yet
 * imported is matched and judged anew. Answers the counts.
 */
export async function checkClaimFileAgain(ctx: IntakeContext, actor: Actor, id: number) {
  const read = await readOfClaimFile(ctx, actor, id);
  return ctx.db.transaction(async (tx) => {
    const { bc, rows } = await opened(ctx, actor, tx, id);
    const preview = await previewOf(tx, bc, read);
    const changed = rows
      .filter((r) => !MADE.includes(r.outcome))
      .map((r) => rowOf(preview.claims[r.position], r.position));
    await updateClaimRows(tx, actor, bc, id, changed);
    const now = merged(rows, changed);
    await settle(ctx, actor, tx, id, now);
    return countsOf(now);
  });
}

/**
 * Imports the claims of a claim file that can be made, in one transaction: each claim ready or to fix becomes a claim
 * (a draft when it has findings); a claim whose payer or clinic is still not here keeps waiting; one already held is
 * left alone. Importing again makes nothing twice.
 */
export async function importClaimFile(ctx: IntakeContext, actor: Actor, id: number, locale: Locale) {
  const source = await readOfClaimFile(ctx, actor, id);
  return ctx.db.transaction(async (tx) => {
    const { file, bc, rows } = await opened(ctx, actor, tx, id);
    const pending = rows.filter((r) => PENDING.includes(r.outcome));
    if (!pending.length) throw new DomainError('intake_nothing_to_import', { file: String(file.name) });
    const preview = await previewOf(tx, bc, source);
    const read = source.read;
    const maker = new ClaimMaker(ctx.db, tx, ctx.entities, actor, locale, String(file.name));
    const changed = pending.map((r) => rowOf(preview.claims[r.position], r.position));
    const making = changed.filter((row) => row.outcome === 'ready' || row.outcome === 'fix');
    const made = await maker.makeMany(
      making.map((row) => ({ p: preview.claims[row.position], claim: read[row.position].claim })),
      bc,
    );
    for (const [k, row] of making.entries()) {
      row.outcome = made[k].outcome;
      row.claim_id = made[k].claimId;
      row.patient_id = made[k].patientId;
      row.findings = [...row.findings, ...keptOfFields(made[k].refused)];
    }
    await updateClaimRows(tx, actor, bc, id, changed);
    // A draft says on the claim itself why it waits, for whoever opens it in the editor.
    await addClaimNotes(
      tx,
      actor,
      bc,
      changed
        .filter((r) => r.outcome === 'draft' && r.claim_id)
        .map((r) => ({
          claim_id: r.claim_id!,
          kind: 'note',
          status_id: CLAIM_STATUS.DRAFT,
          note: historyNote('importedAsDraft', {
            file: String(file.name),
            findings: r.findings.map((f) => problemText(f, locale)).join(' '),
          }),
          details: { claim_file_id: id, findings: r.findings },
        })),
    );
    const now = merged(rows, changed);
    await settle(ctx, actor, tx, id, now);
    const n = (o: string) => changed.filter((c) => c.outcome === o).length;
    return {
      imported: n('imported'),
      drafts: n('draft'),
      replaced: n('replaced'),
      voided: n('voided'),
      waiting: n('waiting'),
    };
  });
}
