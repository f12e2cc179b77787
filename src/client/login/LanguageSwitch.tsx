import { Button, ButtonGroup } from '@mui/material';
import { useI18n } from '../i18n/i18n.ts';

/** Before sign-in the language is the visitor's choice; it is sent as the lang header. */
export function LanguageSwitch() {
  const { locale, setLocale } = useI18n();
  return (
    <ButtonGroup size="small" aria-label="Language">
      <Button variant={locale === 'en' ? 'contained' : 'outlined'} onClick={() => setLocale('en')} lang="en">
        EN
      </Button>
      <Button variant={locale === 'es' ? 'contained' : 'outlined'} onClick={() => setLocale('es')} lang="es">
        ES
      </Button>
    </ButtonGroup>
  );
}
