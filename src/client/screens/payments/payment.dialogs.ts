import { registerDialog } from '../../dialogs/dialog-registry.ts';

// A payment spread over the service lines it pays: the arithmetic in view, nothing saved that does not balance.
registerDialog('payment-distribution', () => import('./DistributionDialog.tsx'));

// EOB files of a payment, sent one after another through the shell's upload queue.
registerDialog('payment-eobs', () => import('./EobUploadDialog.tsx'));

// An ERA exception worked: the claim it pays named (and posted to), or a note saying how it was resolved.
registerDialog('era-exception-resolve', () => import('./ExceptionDialog.tsx'));

// What was paid on a claim, with its EOBs, opened from the claim.
registerDialog('claim-payments', () => import('./ClaimPaymentsDialog.tsx'));
