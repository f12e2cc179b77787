import { registerDialog } from '../../dialogs/dialog-registry.ts';

// The admission's discharge: a checklist of what the UB-04 needs, then the discharge itself.
registerDialog('admission-discharge', () => import('./DischargeDialog.tsx'));
