import { registerDialog } from '../../dialogs/dialog-registry.ts';

// A contract's fee schedule from a spreadsheet: previewed with every wrong row named before anything is replaced.
registerDialog('rows-import', () => import('./FeeScheduleImportDialog.tsx'));
