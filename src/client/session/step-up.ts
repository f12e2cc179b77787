/** How a person proves again it is them: their authenticator's code, a passkey, or their password without either. */
export type StepUpMethod = 'totp' | 'passkey' | 'password';

type Asker = (method: StepUpMethod) => Promise<boolean>;
let asker: Asker | null = null;

/** The dialog that asks (mounted once by the app) registers itself here; null when it leaves. */
export const setStepUpAsker = (a: Asker | null) => {
  asker = a;
};

/** Asks the person for the proof a sensitive act needs; whether they gave it (false: cancelled, or no dialog). */
export const askStepUp = (method: StepUpMethod): Promise<boolean> => (asker ? asker(method) : Promise.resolve(false));
