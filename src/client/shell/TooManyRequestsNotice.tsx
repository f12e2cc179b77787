import { Alert, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/i18n.ts';
import { onSession } from '../session/session-events.ts';

/** A 429 raises a global flag: the person is told to wait 10 seconds. */
export function TooManyRequestsNotice() {
  const t = useT();
  const [open, setOpen] = useState(false);
  useEffect(
    () =>
      onSession((e) => {
        if (e.type === 'too-many-requests') setOpen(true);
      }),
    [],
  );
  return (
    <Snackbar
      open={open}
      autoHideDuration={10_000}
      onClose={() => setOpen(false)}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity="warning" variant="filled" onClose={() => setOpen(false)}>
        {t('toast.too_many')}
      </Alert>
    </Snackbar>
  );
}
