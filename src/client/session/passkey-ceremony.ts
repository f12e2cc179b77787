import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/** The browser's passkey library, fetched the first time a passkey is made or used (nobody else pays for it). */
const webauthn = () => import('@simplewebauthn/browser');

/** A passkey made by this device for the server's creation options (its challenge). */
export const makePasskey = async (optionsJSON: PublicKeyCredentialCreationOptionsJSON) =>
  (await webauthn()).startRegistration({ optionsJSON });

/** The server's challenge signed with one of the person's passkeys. */
export const signWithPasskey = async (optionsJSON: PublicKeyCredentialRequestOptionsJSON) =>
  (await webauthn()).startAuthentication({ optionsJSON });

/** The person cancelled the browser's passkey prompt, or the browser refused it: said in words, not as an error. */
export const passkeyRefused = (e: unknown) =>
  e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError');
