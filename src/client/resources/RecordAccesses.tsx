import {
  Box,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { accesses } from '../data/data-provider.ts';
import { useI18n } from '../i18n/i18n.ts';
import { momentText } from '../i18n/moments.ts';
import { notifyError } from '../notify/notify-error.ts';
import type { ClientEntity } from '../schema/entities.ts';
import type { View } from './ResourceWindow.tsx';
import { RecordViewHeading } from './RecordViewHeading.tsx';

/** One access as the server answers it: who, which of the person's records, what was done, when, from where. */
interface Access {
  id: number;
  at: string;
  user_name: string | null;
  user_email: string | null;
  record: string;
  record_id: number;
  event: string;
  view: string | null;
  ip: string | null;
}

const PER_PAGE = 25;

/**
 * Who read or changed a person's records (the record itself, their claims, admissions and policies), newest first, a
 * page at a time from the server: the accounting a privacy officer gives a patient who asks who saw their information.
 */
export function RecordAccesses({ entity, id, go }: { entity: ClientEntity; id: number; go(v: View): void }) {
  const { t, locale } = useI18n();
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState<{ data: Access[]; count: number } | null>(null);
  useEffect(() => {
    let live = true;
    accesses(entity.name, id, page + 1, PER_PAGE)
      .then((r) => live && setRows(r as unknown as { data: Access[]; count: number }))
      .catch((e) => notifyError(t, e));
    return () => {
      live = false;
    };
  }, [entity.name, id, page, t]);
  // A read names the view it was (the ledger, a statement, an export); a change names its event.
  const what = (a: Access) =>
    a.event === 'read'
      ? t(`accesses.views.${a.view ?? 'record'}`, { _: a.view ?? '' })
      : t(`record.events.${a.event}`, { _: a.event });
  return (
    <Box sx={{ p: 2 }}>
      <RecordViewHeading title={t('accesses.title')} id={id} go={go} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('accesses.explain')}
      </Typography>
      {rows?.count === 0 && <Typography>{t('accesses.none')}</Typography>}
      <Table size="small" aria-label={t('accesses.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('record.date')}</TableCell>
            <TableCell>{t('record.user')}</TableCell>
            <TableCell>{t('accesses.record')}</TableCell>
            <TableCell>{t('accesses.what')}</TableCell>
            <TableCell>{t('accesses.from')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows?.data.map((a) => (
            <TableRow key={a.id} data-testid={`access-${a.id}`}>
              <TableCell>{momentText(a.at, locale)}</TableCell>
              <TableCell>{a.user_name || a.user_email || t('accesses.system')}</TableCell>
              <TableCell>
                {t(`accesses.records.${a.record}`, { _: a.record })} {a.record_id}
              </TableCell>
              <TableCell>
                <Chip size="small" label={what(a)} />
              </TableCell>
              <TableCell>{a.ip ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows && rows.count > PER_PAGE && (
        <TablePagination
          component="div"
          count={rows.count}
          page={page}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[PER_PAGE]}
          onPageChange={(_e, p) => setPage(p)}
          labelDisplayedRows={({ from, to, count }) => t('accesses.rows', { from, to, count })}
        />
      )}
    </Box>
  );
}
