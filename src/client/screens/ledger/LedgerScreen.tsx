import { useState } from 'react';
import { PatientAccount } from './PatientAccount.tsx';
import { PatientFinder } from './PatientFinder.tsx';

/** The Ledger window: find a patient, then read the account. */
export default function LedgerScreen() {
  const [patientId, setPatientId] = useState<number | null>(null);
  return patientId === null ? (
    <PatientFinder onPick={(p) => setPatientId(p.id)} />
  ) : (
    <PatientAccount patientId={patientId} onBack={() => setPatientId(null)} />
  );
}
