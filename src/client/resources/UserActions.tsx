import { Box, Button, Chip } from '@mui/material';
import { useRefresh } from 'react-admin';
import { useT } from '../i18n/i18n.ts';
import { notifyError } from '../notify/notify-error.ts';
import { showToast } from '../notify/toast-store.ts';
import { api } from '../session/api.ts';
import { useMe } from '../shell/me-context.ts';
import { can } from '../shell/me.ts';

/** What an administrator does to a user beyond editing: unlock after failed sign-ins, end their sessions. */
export function UserActions({ user }: { user: Record<string, unknown> & { id: number } }) {
  const t = useT();
  const { me } = useMe();
  const refresh = useRefresh();
  const run = async (path: string, method: string) => {
    try {
      const r = await api<{ message: string }>(path, { method });
      showToast('success', r.message);
      refresh();
    } catch (e) {
      notifyError(t, e);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'center' }}>
      {Array.isArray(user.roles) &&
        (user.roles as Array<{ name: string }>).map((r) => <Chip key={r.name} label={r.name} size="small" />)}
      <Box sx={{ flex: 1 }} />
      {!!user.is_blocked && can(me, 'user.unlock') && (
        <Button variant="outlined" color="warning" onClick={() => void run(`/user/${user.id}/unlock`, 'PATCH')}>
          {t('users.unlock')}
        </Button>
      )}
      {can(me, 'user.edit') && (
        <Button variant="outlined" onClick={() => void run(`/user/${user.id}/sessions`, 'DELETE')}>
          {t('users.end_sessions')}
        </Button>
      )}
    </Box>
  );
}
