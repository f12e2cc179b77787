import { CssBaseline, ThemeProvider } from '@mui/material';
import { StepUpDialog } from '../session/StepUpDialog.tsx';
import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { I18nContext, changeLocale, i18nProvider, type I18n, type Locale } from '../i18n/i18n.ts';
import { Toasts } from '../notify/Toasts.tsx';
import { getConfig } from '../session/session-store.ts';
import { MODULE_ROUTES } from '../../generated/module-routes.ts';
import { makeTheme } from './theme.ts';
import { Loading } from './Loading.tsx';

// Every screen is its own chunk: the login page does not carry the desktop, the desktop not each module.
const LoginArea = lazy(() => import('../login/LoginArea.tsx'));
const DesktopRoot = lazy(() => import('../shell/DesktopRoot.tsx'));
const NotFound = lazy(() => import('./NotFound.tsx'));

export interface AppSettings {
  dark: boolean;
  setDark(d: boolean): void;
}

export function App() {
  const [locale, setLocaleState] = useState<Locale>(getConfig().language);
  const [dark, setDark] = useState(Boolean(getConfig().dark_mode));
  const i18n: I18n = useMemo(
    () => ({
      locale,
      t: (key, options) => i18nProvider.translate(key, options),
      setLocale: (l) => {
        void changeLocale(l).then(() => setLocaleState(l));
      },
    }),
    [locale],
  );
  const theme = useMemo(() => makeTheme(dark), [dark]);
  const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;
  return (
    <I18nContext.Provider value={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <HashRouter>
          <Routes>
            <Route path="/" element={page(<LoginArea />)} />
            <Route path="/newCredentials" element={page(<LoginArea />)} />
            <Route path="/desktop" element={page(<DesktopRoot setDark={setDark} />)} />
            {Object.entries(MODULE_ROUTES).map(([path, app]) => (
              <Route key={path} path={path} element={page(<DesktopRoot setDark={setDark} openApp={app} />)} />
            ))}
            <Route path="*" element={page(<NotFound />)} />
          </Routes>
        </HashRouter>
        <Toasts />
        <StepUpDialog />
      </ThemeProvider>
    </I18nContext.Provider>
  );
}
