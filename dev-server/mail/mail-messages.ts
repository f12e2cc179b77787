import type { Locale } from '../i18n/locale.ts';

// What the product writes to people, in their language.
type Message = { subject: string; text: string };

export const mailMessages = {
  deviceCode: (locale: Locale, code: string, minutes: number): Message =>
    locale === 'es'
      ? {
          subject: 'Su código de verificación',
          text: `Alguien (esperamos que usted) está iniciando sesión desde un dispositivo nuevo.\n\nCódigo: ${code}\n\nEs válido durante ${minutes} minutos. Si no fue usted, cambie su contraseña.`,
        }
      : {
          subject: 'Your verification code',
          text: `Someone (we hope you) is signing in from a new device.\n\nCode: ${code}\n\nIt is valid for ${minutes} minutes. If this was not you, change your password.`,
        },
  passwordReset: (locale: Locale, link: string, minutes: number): Message =>
    locale === 'es'
      ? {
          subject: 'Restablecer su contraseña',
          text: `Para elegir una contraseña nueva abra este enlace (válido durante ${minutes} minutos, una sola vez):\n\n${link}\n\nSi no lo pidió, ignore este mensaje.`,
        }
      : {
          subject: 'Reset your password',
          text: `To choose a new password open this link (valid for ${minutes} minutes, once):\n\n${link}\n\nIf you did not ask for this, ignore this message.`,
        },
  welcome: (locale: Locale, email: string, link: string, hours: number): Message =>
    locale === 'es'
      ? {
          subject: 'Su cuenta está lista',
          text: `Se creó una cuenta para ${email}.\n\nElija su contraseña con este enlace (válido durante ${hours} horas):\n\n${link}`,
        }
      : {
          subject: 'Your account is ready',
          text: `An account was created for ${email}.\n\nChoose your password with this link (valid for ${hours} hours):\n\n${link}`,
        },
  userReminder: (locale: Locale, email: string, link: string): Message =>
    locale === 'es'
      ? { subject: 'Su usuario', text: `Su usuario para iniciar sesión es: ${email}\n\nInicie sesión en ${link}` }
      : { subject: 'Your user name', text: `The user name you sign in with is: ${email}\n\nSign in at ${link}` },
};

/** Where links in mail point: the app's own address (APP_URL), hash routes as the client uses. */
export const appUrl = (env = process.env) =>
  (env.APP_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, '');
