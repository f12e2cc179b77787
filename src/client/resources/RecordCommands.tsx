import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { actionSlug } from '../../platform/route-plan.ts';
import { useI18n } from '../i18n/i18n.ts';
import { notifyError } from '../notify/notify-error.ts';
import { showToast } from '../notify/toast-store.ts';
import type { ClientEntity } from '../schema/entities.ts';
import { ApiError, api, apiBlob } from '../session/api.ts';
import { useMe } from '../shell/me-context.ts';
import { can } from '../shell/me.ts';
import { openDraft } from '../shell/open-record.ts';
import { useShell } from '../shell/shell-context.ts';
import { JobDialog } from '../jobs/JobDialog.tsx';
import { findingLabel } from './finding-label.ts';
import { registeredDialog, type CommandDialogProps } from '../dialogs/dialog-registry.ts';
import '../dialogs/load-dialogs.ts';
import { Suspense, lazy } from 'react';
import { openDocument } from '../shell/open-document.ts';
import { whenIdle } from '../app/when-idle.ts';
import { prefetchCompiledForm } from '../schema/form-validators.ts';
import { formId } from '../../platform/form-schema.ts';

// The letter editor is asked for only when a letter is written: loaded then.
const LetterDialog = lazy(() => import('./LetterDialog.tsx').then((m) => ({ default: m.LetterDialog })));

/** A command's hand-written dialog, loaded when first opened. */
function CommandDialog({ command, ...props }: Omit<CommandDialogProps, 'method'> & { command: Command }) {
  const Dialog_ = command.dialog ? registeredDialog(command.dialog) : undefined;
  if (!Dialog_) return null;
  return (
    <Suspense fallback={null}>
      <Dialog_ {...props} method={command.method} />
    </Suspense>
  );
}

type Record_ = Record<string, unknown> & { id: number };
type Command = NonNullable<ClientEntity['resource']['commands']>[number];

const fill = (v: unknown, id: number): unknown => (v === '{id}' ? id : v);

/**
 * The operations a schema offers on a record (x-resource.commands: verify a claim, print it), as
 * buttons — only those the person may do and that apply in the record's state. A refusal lists every
 * finding with its field, so nothing has to be found one at a time.
 */
export function RecordCommands({ entity, record }: { entity: ClientEntity; record: Record_ }) {
  const { t, locale } = useI18n();
  const { openByName, apps } = useShell();
  const { me } = useMe();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [findings, setFindings] = useState<{ title: string; errors: Record<string, string[]> } | null>(null);
  const [running, setRunning] = useState<{ id: number; label: string } | null>(null);
  const [dialog, setDialog] = useState<{ command: Command; path: string } | null>(null);
  const [letter, setLetter] = useState<{ path: string; title: string } | null>(null);
  const commands = (entity.resource.commands ?? []).filter(
    (c) =>
      can(me, actionSlug(entity.resource, c.action)) &&
      Object.entries(c.when ?? {}).every(([field, values]) => values.includes(record[field] as never)),
  );
  // The form a draft command opens in another app (a patient's New claim) is made ready while nothing happens, so the
  // click opens it filled in without waiting for its code.
  const opened = commands
    .filter((c) => c.result === 'draft' && c.opens)
    .map((c) => apps.find((a) => a.name === c.opens)?.entity)
    .filter((e) => e !== undefined);
  const openedKey = opened.map((e) => e.name).join(',');
  useEffect(
    () => {
      if (!openedKey) return;
      whenIdle(() => {
        for (const e of opened) void prefetchCompiledForm(queryClient, e.name, formId(e, me.is_super_user));
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the entities opened are named by openedKey
    [openedKey, me.is_super_user, queryClient],
  );
  if (!commands.length) return null;
  const base = `/${entity.resource.basePath}`;
  // A command changes the record and what its screen shows under it (a claim file's import, its claims' outcomes).
  const refresh = () =>
    Promise.all(
      [entity.name, ...(entity.resource.children ?? []).map((c) => c.entity)].map((name) =>
        queryClient.invalidateQueries({ queryKey: [name] }),
      ),
    );
  const label = (c: Command) => (locale === 'es' && c.label_es) || c.label;

  async function run(c: Command) {
    setBusy(c.path);
    // A path of the API itself (/jobs/batch-send) or one under the entity's base.
    const path = c.path.startsWith('/')
      ? c.path.replace('{id}', String(record.id))
      : `${base}/${c.path.replace('{id}', String(record.id))}`;
    const body = c.body
      ? Object.fromEntries(Object.entries(c.body).map(([k, v]) => [k, fill(v, record.id)]))
      : { version: record.version };
    try {
      if (c.result === 'file') {
        // A document (a PDF) opens in a new tab from the signed-in call's bytes.
        const blob = await apiBlob(path, {
          method: c.method.toUpperCase(),
          body: c.method === 'get' ? undefined : body,
        });
        openDocument(blob);
        return;
      }
      if (c.result === 'letter') {
        // Read and edited first; the dialog prints it.
        setLetter({ path, title: label(c) });
        return;
      }
      if (c.result === 'dialog') {
        // The dialog gathers what the command sends, and sends it.
        setDialog({ command: c, path: c.path.startsWith('/') ? path : `${base}/${record.id}/${c.path}` });
        return;
      }
      if (c.result === 'draft' && c.opens) {
        // The answer is a new record's values for another app (a claim for this patient): its form opens filled in.
        openDraft(openByName, c.opens, await api<Record<string, unknown>>(path));
        return;
      }
      if (c.result === 'job') {
        const job = await api<{ id: number }>(path, { method: c.method.toUpperCase(), body });
        setRunning({ id: job.id, label: label(c) });
        return;
      }
      if (c.result === 'message') {
        const said = await api<{ message?: string }>(path, { method: c.method.toUpperCase(), body });
        await refresh();
        showToast('success', `${label(c)}: ${said.message ?? t('toast.saved')}`);
        return;
      }
      const saved = await api<Record_>(path, { method: c.method.toUpperCase(), body });
      queryClient.setQueryData([entity.name, 'getOne', { id: String(record.id) }], saved);
      await refresh();
      showToast('success', `${label(c)}: ${t('toast.saved')}`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && Object.keys(e.errors).length)
        setFindings({ title: `${label(c)}: ${e.message}`, errors: e.errors });
      else notifyError(t, e);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Box sx={{ display: 'flex', gap: 1, mb: 1, flexWrap: 'wrap' }} data-testid="record-commands">
      {commands.map((c) => (
        <Button key={c.path} size="small" variant="outlined" disabled={busy !== null} onClick={() => void run(c)}>
          {label(c)}
        </Button>
      ))}
      {dialog && (
        <CommandDialog
          command={dialog.command}
          path={dialog.path}
          record={record}
          title={label(dialog.command)}
          onClose={(saved) => {
            setDialog(null);
            if (saved) {
              queryClient.setQueryData([entity.name, 'getOne', { id: String(record.id) }], saved);
              void refresh();
              showToast('success', `${label(dialog.command)}: ${t('toast.saved')}`);
            }
          }}
        />
      )}
      {letter && (
        <Suspense fallback={null}>
          <LetterDialog path={letter.path} title={letter.title} onClose={() => setLetter(null)} />
        </Suspense>
      )}
      {running && (
        <JobDialog
          job={running}
          onClose={() => {
            setRunning(null);
            void refresh();
          }}
        />
      )}
      <Dialog open={!!findings} onClose={() => setFindings(null)} aria-labelledby="findings-title" maxWidth="md">
        <DialogTitle id="findings-title">{findings?.title}</DialogTitle>
        <DialogContent>
          <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid="findings">
            {Object.entries(findings?.errors ?? {}).flatMap(([field, ms]) =>
              ms.map((m) => (
                <li key={field + m}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {findingLabel(entity, field, locale, t)}
                  </Typography>
                  : {m}
                </li>
              )),
            )}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setFindings(null)}>{t('record.close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
