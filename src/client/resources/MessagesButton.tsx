import { Button } from '@mui/material';
import { useT } from '../i18n/i18n.ts';
import { useMe } from '../shell/me-context.ts';
import { openFilteredList } from '../shell/open-record.ts';
import { useShell } from '../shell/shell-context.ts';

/** A record's conversations in Messenger (a claim's, a patient's, a payment's), and the way to start one about it. */
export function MessagesButton({
  kind,
  id,
  subject,
}: {
  kind: 'claim' | 'patient' | 'payment';
  id: number;
  subject: string;
}) {
  const t = useT();
  const { me } = useMe();
  const { openByName } = useShell();
  if (!me.menu_by_category.some((c) => c.modules.some((m) => m.name === 'Messenger'))) return null;
  return (
    <Button
      variant="outlined"
      onClick={() =>
        openFilteredList(openByName, 'Messenger', { about_kind: kind, about_id: id, subject: subject.slice(0, 150) })
      }
    >
      {t('messenger.messages')}
    </Button>
  );
}
