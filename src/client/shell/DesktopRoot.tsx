import { useEffect, useState } from 'react';
import { CoreAdminContext, memoryStore } from 'react-admin';
import { Loading } from '../app/Loading.tsx';
import { dataProvider } from '../data/data-provider.ts';
import { i18nProvider, useI18n } from '../i18n/i18n.ts';
import { api } from '../session/api.ts';
import { logout, obeyParentLogout } from '../session/logout.ts';
import { onSession } from '../session/session-events.ts';
import { getSession, saveConfig, saveRole } from '../session/session-store.ts';
import { Desktop } from './Desktop.tsx';
import { IdleModal } from './IdleModal.tsx';
import { MeContext } from './me-context.ts';
import type { Me } from './me.ts';
import { TooManyRequestsNotice } from './TooManyRequestsNotice.tsx';

const authProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => {
    if (!getSession()) throw new Error('Unauthenticated.');
  },
  checkError: async () => undefined,
  getPermissions: async () => undefined,
};

/** After sign-in: who the person is (auth/me), then the desktop; a failed check logs out. */
export default function DesktopRoot({ setDark, openApp }: { setDark(d: boolean): void; openApp?: string }) {
  const [me, setMe] = useState<Me | null>(null);
  const { locale, setLocale } = useI18n();

  const load = async () => {
    const m = await api<Me>('/auth/me');
    saveRole(m.roles);
    saveConfig({
      language: m.profile.language,
      nav_bar_position: m.profile.nav_bar_position,
      dock: m.profile.dock,
      background: m.profile.style.background,
      dark_mode: m.profile.dark_mode,
    });
    if (m.profile.language !== locale) setLocale(m.profile.language);
    setDark(m.profile.dark_mode);
    setMe(m);
  };

  useEffect(() => {
    if (!getSession()) {
      void logout(false);
      return;
    }
    load().catch(() => void logout(false));
    const offSession = onSession((e) => {
      if (e.type === 'unauthenticated') void logout(false, e.reason);
    });
    const offParent = obeyParentLogout();
    return () => {
      offSession();
      offParent();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!me) return <Loading />;
  return (
    <CoreAdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={memoryStore()}
    >
      <MeContext.Provider value={{ me, reload: load }}>
        <Desktop openApp={openApp} />
        <IdleModal />
        <TooManyRequestsNotice />
      </MeContext.Provider>
    </CoreAdminContext>
  );
}
