import { Box, Button, Typography } from '@mui/material';
import { useT } from '../i18n/i18n.ts';
import type { View } from './ResourceWindow.tsx';

/** The heading of a view of one record (its history, who accessed it), with the way back to the record. */
export function RecordViewHeading({ title, id, go }: { title: string; id: number; go(v: View): void }) {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
      <Typography variant="h3" sx={{ fontSize: 18, fontWeight: 600, flex: 1 }}>
        {title}
      </Typography>
      <Button onClick={() => go({ kind: 'show', id })}>{t('record.back_to_record')}</Button>
    </Box>
  );
}
