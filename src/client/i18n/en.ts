// English, the default locale. Every key here exists in es.ts too (a test checks it).
export const en = {
  app: { name: 'Revenue Cycle', loading: 'Loading…' },
  login: {
    title: 'Sign in', email: 'E-mail', password: 'Password', sign_in: 'Sign in', forgot_password: 'Forgot password?', forgot_user: 'Forgot user?',
    code: 'Code sent to your e-mail', code_help: 'Enter the 6 characters we e-mailed you.', resend_code: 'Send a new code', code_sent: 'A new code is on its way.',
    back: 'Back to sign in', send: 'Send', ssn_last4: 'Last 4 digits of your SSN', new_password: 'New password', confirm_password: 'Confirm password',
    set_password: 'Save password', forgot_password_title: 'Recover password', forgot_user_title: 'Recover user', new_password_title: 'Choose a new password',
    email_invalid: 'Enter a valid e-mail address.', required: 'This field is required.', ssn_last4_invalid: 'Enter exactly 4 digits.',
    rules: { length: 'At least 8 characters', lower: '1 lowercase letter', upper: '1 uppercase letter', digit: '1 number', special: '1 special character', match: 'Both entries match' },
  },
  shell: {
    start: 'Start', all: 'All', search: 'Search', search_placeholder: 'Search (3 or more characters)', view_all: 'View all results', no_results: 'Nothing found',
    minimize: 'Minimize', maximize: 'Maximize', restore: 'Restore', close: 'Close', pin_on_top: 'Keep on top', unpin_on_top: 'Stop keeping on top',
    pin_taskbar: 'Pin to taskbar', unpin_taskbar: 'Unpin from taskbar', logout: 'Log out', desktop: 'Desktop', open_windows: 'Open windows',
    uploads: 'Uploads', not_available: 'This module arrives with a later release of the product.', shortcuts_title: 'Keyboard shortcuts',
    shortcut_cycle: 'Next window', shortcut_cycle_back: 'Previous window', shortcut_minimize: 'Minimize the active window', shortcut_close: 'Close the active window', shortcut_search: 'Search',
    notes_placeholder: 'Write a note…', support_text: 'Write to support@yourbillingcompany.com or call your account manager.', guidelines_text: 'Guidelines and restrictions by IP are managed by your administrator.',
    categories: { 'Claims Process': 'Claims Process', Administration: 'Administration', 'Reports and statistics': 'Reports and statistics', Tools: 'Tools', System: 'System' },
  },
  idle: { title: 'Your session is about to expire', body: 'You have been inactive. The session ends in %{seconds} seconds.', renew: 'Stay signed in', logout: 'Log out' },
  toast: { something_went_wrong: 'Something went wrong', try_again: 'Try again later', too_many: 'You have made many requests in a short time, please wait 10 seconds', saved: 'Saved', created: 'Created', status_changed: 'Status changed', rolled_back: 'Restored to the old data', exported: 'Export ready', close: 'Close' },
  list: {
    search: 'Search', filters: 'Filters', clear_filters: 'Clear filters', create: 'Create', export: 'Export', export_csv: 'CSV', export_xlsx: 'Excel (XLSX)', export_pdf: 'PDF',
    refresh: 'Refresh', rows_per_page: 'Rows per page', displayed_rows: '%{from}–%{to} of %{count}', no_results: 'No records found', total_all: 'Total (all matches)', from: 'From', to: 'To', yes: 'Yes', no: 'No', any: 'Any',
    confirm_status_title: 'Change status', confirm_disable: 'Disable this record?', confirm_enable: 'Enable this record?', confirm: 'Confirm', cancel: 'Cancel',
    range_invalid: 'The from date may not be after the to date.', actions: 'Actions', status: 'Status',
  },
  codesets: { import: 'Import release', hint: 'An official release is imported in the background; the list fills in as it lands. A second import of the same release changes nothing.', set: 'Code set', choose: 'Choose the %{set} file', start: 'Import', close: 'Close', done: 'The release was imported.',
    sets: { icd10cm: 'ICD-10-CM order file', hcpcs: 'HCPCS workbook (ANWEB .xlsx)', taxonomy: 'NUCC taxonomy (.csv)', pos: 'Place of service (.xml)', carc: 'CARC list (.csv)', rarc: 'RARC list (.csv)' } },
  jobs: { title: 'Background work', progress: 'Progress', states: { queued: 'Waiting', running: 'Running', completed: 'Done', failed: 'Failed' }, kinds: { 'code-set-import': 'Code-set import', 'bundled-code-sets': 'Loading the code sets', 'batch-send': 'Sending the batch', 'exchange-poll': 'Checking the clearing house', 'era-post': 'Posting the ERA' },
    steps: { 'reading-claims': 'Reading the claims', 'writing-837': 'Writing the 837 file', sending: 'Sending to the clearing house', 'marking-submitted': 'Marking the claims Submitted', submitted: 'Sent: the batch and its claims are Submitted', posting: 'Posting the payments', posted: 'Posted: every claim of the ERA', 'posted-with-exceptions': 'Posted; some claims wait in the exception queue' } },
  states: { sub_status: 'Sub-status', current: 'State', move_to: 'Move to %{state}', note: 'Note (optional)', note_required: 'Note (required for this change)', confirm: 'Change state', history: 'State history', system: 'System' },
  record: {
    close: 'Close', create_anyway: 'Create another record anyway?', section_to_fix: '%{smart_count} to fix |||| %{smart_count} to fix', main: 'General', sections: 'Sections', edit: 'Edit', show: 'View', history: 'History', back: 'Back to list', save: 'Save', cancel: 'Cancel', rollback: 'Restore this', rollback_confirm: 'Restore the record to the old data of this entry?',
    event: 'Event', date: 'Date', user: 'User', old: 'Old', new: 'New', no_history: 'No history yet', create_title: 'New %{name}', edit_title: 'Edit %{name}', fix_errors: 'Please fix the highlighted fields.',
    events: { created: 'Created', updated: 'Updated', deleted: 'Deleted', status_changed: 'Status changed', rolled_back: 'Restored', roles_changed: 'Roles changed', permissions_changed: 'Permissions changed', unlocked: 'Unlocked', password_changed: 'Password changed', password_reset: 'Password reset', sessions_ended: 'Sessions ended', photo_changed: 'Photo changed' },
  },
  widgets: {
    code_enter: 'Enter a code', code_not_found: 'Code not found', code_found: 'Code entered', date_placeholder: 'mm/dd/yyyy', date_invalid: 'Enter a date as mm/dd/yyyy (or month/day).',
    money_limit: 'The amount may not be greater than 9,999,999.99.', choose: 'Choose…', loading: 'Loading…',
  },
  enums: { Single: 'Single', Married: 'Married', U: 'Unknown', billing_company: 'Whole billing company', user: 'One user', role: 'One role', F: 'Female', M: 'Male', O: 'Other', en: 'English', es: 'Spanish', Other: 'Other' } as Record<string, string>,
  validation: {
    required: 'This field is required.', maxLength: 'At most %{limit} characters.', minLength: 'At least %{limit} characters.', enum: 'Choose one of the options.',
    minimum: 'The least allowed is %{limit}.', maximum: 'The most allowed is %{limit}.', minItems: 'Choose at least %{limit}.', type: 'This value is not valid.', pattern: 'The format is not valid.',
    format: { 'tax-id': 'Enter 10 characters as xx-xxxxxxx.', ein: 'Enter 9 numbers.', upin: 'Enter 4 to 6 letters or digits.', naic: 'Enter 6 characters.', ndc: 'Enter the drug code as XXXXX-XXXX-XX.', units: 'At most 8 integer digits and 3 decimals.', 'card-number': 'Enter the 16 digits of the card.', 'card-expiry': 'Enter the expiry as mm/yyyy.', website: 'Enter a valid website.', state: 'Enter the two-letter state code.', 'street-address': 'A PO box is not accepted here.', email: 'Enter a valid e-mail address.', phone: 'Enter 10 digits as xxx-xxx-xxxx.', ssn: 'Enter the SSN as xxx-xx-xxxx.', zip: 'Enter 5 or 9 digits.', npi: "The NPI doesn't exist", ip: 'Enter an IP address (IPv4 or IPv6).', 'us-date': 'Enter a date as mm/dd/yyyy (or month/day).', other: 'The format is not valid.' },
  },
  notfound: { title: 'Page not found', body: 'There is nothing at this address.', home: 'Go to the start' },
  upload: { waiting: 'Waiting', uploading: 'Uploading', uploaded: 'Uploaded', error: 'Error', retry: 'Retry', empty: 'No uploads' },
  profile: {
    title: 'Profile', photo: 'Photo', change_photo: 'Change photo', password: 'Password', current_password: 'Current password', change_password: 'Change password',
    social: 'Social networks', network: 'Social network', link: 'Link', add_network: 'Add network', settings: 'Desktop settings', language: 'Language', nav_bar_position: 'Taskbar position',
    dock: 'Dock', background: 'Background', dark_mode: 'Dark mode', save: 'Save', english: 'English', spanish: 'Español', bottom: 'Bottom (Windows style)', left: 'Left (macOS style)', right: 'Right (macOS style)', top: 'Top (macOS style)',
    sessions: 'Open sessions', this_device: 'This device', end_session: 'End',
  },
  roles: {
    title: 'Roles and permissions', roles: 'Roles', modules: 'Modules', functionality: 'Functionality', permission: 'Permission', add_all: 'Grant all', remove_all: 'Remove all',
    confirm_add: 'Grant %{what} to %{role}?', confirm_remove: 'Remove %{what} from %{role}?', new_role: 'New role', role_name: 'Role name', billing_company: 'Billing company',
  },
  users: { lookup_title: 'Find the person first', lookup_ssn: 'SSN', lookup_email: 'E-mail', lookup: 'Look up', exists: 'User already exists for this email', missing: "The user doesn't exist", continue_new: 'Create a new user', unlock: 'Unlock', end_sessions: 'End sessions' },
  sections: { insurance: 'Insurance', billing: 'Billing', connection: 'Connection', reasons: 'Reasons', rules: 'Rules', copays: 'Copays', 'contract fees': 'Contract fees', contacts: 'Contacts', statements: 'Statements', exceptions: "Don't process claims with", services: 'Services', rooms: 'Rooms', subscriber: 'Subscriber', 'main data': 'Main data', considerations: 'Considerations', note: 'Note', profile: 'Profile', account: 'Account', 'social networks': 'Social networks', contact: 'Contact', address: 'Address', general: 'General', notes: 'Notes', patient: 'Patient', addresses: 'Addresses', injuries: 'Injuries', guarantor: 'Guarantor', employer: 'Employer', 'emergency contacts': 'Emergency contacts', claim: 'Claim', providers: 'Providers', diagnoses: 'Diagnoses', injury: 'Injury and dates', institutional: 'Institutional', scope: 'Scope', checks: 'Checks' },
  payments: {
    distribution: { amount: 'Payment', distributed: 'Distributed', left: 'Left to distribute', search: 'Patient or claim number (3 or more characters)', none: 'No claim of that patient or number is waiting for payment.',
      line: 'line %{procedure}', charge: 'Charge', balance: 'Balance', allowed: 'Allowed', paid: 'Paid', patient: 'Patient owes', unexplained: 'Unexplained', group: 'Group', reason: 'CARC', adjustment: 'Adjustment',
      add_adjustment: 'Add adjustment', remove_adjustment: 'Remove adjustment', refile: 'Refile to', secondary: 'Secondary payer', tertiary: 'Tertiary payer', refile_reason: 'Refile reason', cancel: 'Cancel', save: 'Save distribution' },
  },
  admissions: {
    discharge: { title: 'Discharge', intro: 'The UB-04 needs each of these. Each turns green as it is filled; the discharge is possible when all are.', submit: 'Discharge', cancel: 'Cancel',
      in_record: 'Edit the admission to add it', count: '%{n} on the admission',
      needs: { admission_hour: 'Admission time', discharge_date: 'Discharge date', discharge_hour: 'Discharge time', statement_from: 'Statement from', statement_through: 'Statement through', admission_type: 'Admission type', admission_source: 'Admission source', patient_status: 'Patient status', policies: 'A policy', diagnoses: 'A diagnosis', services: 'A service' },
      done: 'Ready', missing: 'Missing', hour_hint: '0 to 23', date_hint: 'mm/dd/yyyy' },
  },
  claims: {
    lines: { title: 'Services', from_service: 'From', to_service: 'To', procedure_code: 'Procedure', modifiers: 'Modifiers', revenue_code: 'Revenue', place_of_service: 'POS', diagnosis_pointers: 'Pointer',
      days_or_units: 'Units', price: 'Price', line_charge: 'Charge', copay: 'Copay', emg: 'EMG', add: 'Add line', remove: 'Remove line', total: 'Claim total',
      keys: 'Tab or Enter moves to the next cell; Enter on the last cell adds a line. A date as month/day takes this year.' },
    dx: { title: 'Diagnoses', code: 'DX', poa: 'POA', add: 'Add diagnosis', remove: 'Remove diagnosis' },
    policies: { title: 'Insurance policies billed', pick_patient: 'Choose the patient first.', self_pay: 'The patient has no active policy: the claim is self pay.', until: 'until' },
  },
  apps: {} as Record<string, string>,
};

export type Messages = typeof en;
