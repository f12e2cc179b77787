import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useT } from '../i18n/i18n.ts';
import { SHORTCUTS } from '../shell/use-shortcuts.ts';

export default function ShortcutsScreen() {
  const t = useT();
  return (
    <>
      <Typography variant="h3" sx={{ fontSize: 18, p: 2 }}>
        {t('shell.shortcuts_title')}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Keys</TableCell>
            <TableCell>{t('list.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {SHORTCUTS.map((s) => (
            <TableRow key={s.keys}>
              <TableCell>
                <kbd>{s.keys}</kbd>
              </TableCell>
              <TableCell>{t(`shell.${s.action}`)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
