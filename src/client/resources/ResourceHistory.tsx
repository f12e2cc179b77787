import { momentText } from '../i18n/moments.ts';
import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { history, rollback, type Page } from '../data/data-provider.ts';
import { columnLabel, useI18n } from '../i18n/i18n.ts';
import { notifyError } from '../notify/notify-error.ts';
import { showToast } from '../notify/toast-store.ts';
import type { ClientEntity, FieldSchema } from '../schema/entities.ts';
import { CellValue, itemText } from './cells.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import type { Permissions, View } from './ResourceWindow.tsx';
import { RecordViewHeading } from './RecordViewHeading.tsx';

interface AuditRow {
  id: number;
  event: string;
  created_at: string;
  user: { email?: string; name?: string } | null;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
}

// Bookkeeping columns a change also touches: the version and time of the row say nothing to a person.
const UNSHOWN = new Set(['version', 'updated_at', 'created_at', 'id', 'ssn_hash']);

/** A stored value of a change as the record's screen shows it: names for references and codes, addresses as lines. */
function ChangeValue({ field, value }: { field: FieldSchema | undefined; value: unknown }) {
  const { t, locale } = useI18n();
  if (value === null || value === undefined || value === '') return <>—</>;
  const items = field?.items as (FieldSchema & { properties?: Record<string, FieldSchema> }) | undefined;
  if (Array.isArray(value) && items?.properties)
    return <>{value.map((v) => itemText(v as Record<string, unknown>, items.properties!, t, locale)).join('; ')}</>;
  if (field) return <CellValue field={field} value={value} t={t} locale={locale} />;
  return (
    <>
      {typeof value === 'object'
        ? Object.values(value as object)
            .filter((x) => x !== null && typeof x !== 'object')
            .join(', ')
        : String(value)}
    </>
  );
}

/** The record's audit trail with old and new values; an entry can be restored after confirmation. */
export function ResourceHistory({
  entity,
  id,
  perms,
  go,
}: {
  entity: ClientEntity;
  id: number;
  perms: Permissions;
  go(v: View): void;
}) {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const fieldOf = (k: string) => entity.schema.properties[k] as FieldSchema | undefined;
  // A column the schema does not list (the billing company) is named by the messages, never by its storage name.
  const labelOf = (k: string) => columnLabel(fieldOf(k), k, locale, t);
  const [rows, setRows] = useState<AuditRow[] | null>(null);
  const [confirm, setConfirm] = useState<AuditRow | null>(null);
  const load = useCallback(
    () =>
      history(entity.name, id)
        .then((p: Page) => setRows(p.data as unknown as AuditRow[]))
        .catch((e) => notifyError(t, e)),
    [entity.name, id, t],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const restore = async (a: AuditRow) => {
    setConfirm(null);
    try {
      await rollback(entity.name, a.id, id);
      // The record screen and lists read the restored values, never the copy cached before the rollback.
      queryClient.removeQueries({ queryKey: [entity.name, 'getOne'] });
      void queryClient.invalidateQueries({ queryKey: [entity.name] });
      showToast('success', t('toast.rolled_back'));
      await load();
    } catch (e) {
      notifyError(t, e);
    }
  };
  return (
    <Box sx={{ p: 2 }}>
      <RecordViewHeading title={t('record.history')} id={id} go={go} />
      {rows?.length === 0 && <Typography>{t('record.no_history')}</Typography>}
      <Table size="small" aria-label={t('record.history')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('record.date')}</TableCell>
            <TableCell>{t('record.event')}</TableCell>
            <TableCell>{t('record.user')}</TableCell>
            <TableCell>
              {t('record.old')} → {t('record.new')}
            </TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows?.map((a) => {
            const keys = [...new Set([...Object.keys(a.old_values ?? {}), ...Object.keys(a.new_values ?? {})])].filter(
              (k) => !UNSHOWN.has(k),
            );
            return (
              <TableRow key={a.id} data-testid={`audit-${a.id}`}>
                <TableCell>{momentText(a.created_at, locale)}</TableCell>
                <TableCell>
                  <Chip size="small" label={t(`record.events.${a.event}`, { _: a.event })} />
                </TableCell>
                <TableCell>{a.user?.name || a.user?.email}</TableCell>
                <TableCell>
                  {keys.map((k) => (
                    <div key={k} data-testid={`change-${k}`}>
                      <strong>{labelOf(k)}</strong>: <ChangeValue field={fieldOf(k)} value={a.old_values?.[k]} /> →{' '}
                      <ChangeValue field={fieldOf(k)} value={a.new_values?.[k]} />
                    </div>
                  ))}
                </TableCell>
                <TableCell>
                  {perms.edit && a.event !== 'created' && a.old_values && (
                    <Button size="small" onClick={() => setConfirm(a)}>
                      {t('record.rollback')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={!!confirm}
        title={t('record.rollback')}
        body={t('record.rollback_confirm')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && void restore(confirm)}
      />
    </Box>
  );
}
