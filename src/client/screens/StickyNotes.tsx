import { TextField } from '@mui/material';
import { useState } from 'react';
import { useT } from '../i18n/i18n.ts';

const KEY = 'sticky-notes';

/** A note that stays on this computer. */
export default function StickyNotes() {
  const t = useT();
  const [text, setText] = useState(() => localStorage.getItem(KEY) ?? '');
  return (
    <TextField multiline fullWidth minRows={12} value={text} placeholder={t('shell.notes_placeholder')} slotProps={{ htmlInput: { 'aria-label': t('shell.notes_placeholder') } }}
      onChange={(e) => { setText(e.target.value); localStorage.setItem(KEY, e.target.value); }} sx={{ p: 1, bgcolor: '#fff8c5', height: '100%', '& textarea': { color: '#222' } }} />
  );
}
