import { Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api } from '../session/api.ts';
import { downloadStoredFile, type StoredFile } from '../screens/files/stored-file.ts';

/**
 * A stored document a record points at (an ERA's file, the 270 and 271 of an eligibility check): its own name, which
 * downloads it, never its number. One the person may not open says so.
 */
export function StoredFileValue({ id }: { id: number }) {
  const t = useTranslate();
  const { data, isPending } = useQuery({
    queryKey: ['stored-file', id],
    staleTime: 60_000,
    retry: false,
    queryFn: () => api<StoredFile>(`/files/${id}`),
  });
  if (isPending) return <>…</>;
  if (!data) return <>{t('files.not_readable')}</>;
  return (
    <Link component="button" type="button" onClick={() => void downloadStoredFile(data)} title={t('files.download')}>
      {data.name}
    </Link>
  );
}
