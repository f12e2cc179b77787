// The English sentences of the claim rules (document 3 §5 and what an 837 receiver refuses).
// Spanish lives in src/domain/messages.es.json under the same English key, for server and forms alike.
export const CLAIM_MESSAGES = {
  diagnosisRequired: 'At least one diagnosis with a DX code is required.',
  serviceRequired: 'At least one service is required.',
  attendingRequired: 'A health professional (attending) is required.',
  diagnosisRepeated: 'The diagnosis code is repeated.',
  tooManyDiagnosesProfessional: 'A professional claim has at most 12 diagnoses.',
  tooManyDiagnosesInstitutional: 'An institutional claim has at most 25 diagnoses.',
  tooManyLinesProfessional: 'A professional claim has at most 50 service lines (837P).',
  toBeforeFrom: 'The to date must not be before the from date.',
  linesOverlap: 'This line starts before the previous line ends.',
  unitsFormat: 'Units allow at most 8 integer digits and 3 decimals.',
  unitsZero: 'The days/units must be greater than zero.',
  amountCap: 'An amount has a maximum of 9,999,999.99.',
  outsideLabChargeRequired: 'The outside lab charge is required when outside lab is checked.',
  outsideLabExceedsTotal: 'The outside lab charge cannot exceed the billed amount.',
  outsideLabNpiRequired:
    "The outside lab's NPI is required when outside lab is checked: the 837 names the lab that did the work.",
  anesthesiaMinutesRequired: 'An anesthesia service is billed in minutes: enter the minutes of anesthesia time.',
  minutesOnlyForAnesthesia: 'Minutes are for anesthesia codes (00100–01999) only; other services are billed in units.',
  qualifierRequired: 'A qualifier is required for additional information.',
  qualifierOfOtherField: 'This qualifier does not belong to the chosen field.',
  pointerRequired: 'At least one diagnosis pointer is required.',
  pointerMissing: 'The diagnosis pointer {letter} points at no diagnosis.',
  procedureRequired: 'The procedure is required.',
  revenueRequired: 'The revenue code is required on an institutional claim.',
  placeOfServiceRequired: 'The place of service is required.',
  typeOfBillRequired: 'The type of bill is required on an institutional claim.',
  patientStatusRequired: 'The patient status is required on an institutional claim.',
  admissionRequired: 'The admission date is required on an inpatient claim.',
  dischargeBeforeAdmission: 'The discharge must not be earlier than the admission.',
  admissionInFuture: 'The admission date must not be after today.',
  serviceInFuture: 'The date of service must not be after today.',
  coveredDays: 'The covered days (value code 80) must equal the units of the room and board lines.',
  roomDaysOverStay:
    'The room and board lines bill {days} days, more than the {nights} night(s) of the stay: the day of discharge is not billed.',
  originalReferenceRequired: 'A replacement or void claim needs the original reference number.',
  modifierRepeated: 'The modifier is repeated on this line.',
  ndcQuantityRequired: 'The drug quantity and unit go with the NDC.',
  diagnosisNotFound: 'Diagnosis code not found',
  procedureNotFound:
    '{code} is not in your code list: add it with its description ("Add to code list" on this line, or Procedure Management).',
  modifierNotFound:
    'Modifier {code} is not in your code list: add it with its description ("Add to code list" on this line, or Modifier Management).',
  revenueNotFound: 'Revenue code not found',
  conditionNotFound: 'Condition code not found',
  codeNotEffective: 'The code {code} is not effective on the date of service.',
  policyTypeRepeated: 'Policy types cannot repeat.',
  policyNotEffective: 'Policy {policy_number} is not effective on the dates of service.',
  eligibilityInactive:
    'The payer answered on {date} that policy {policy_number} is not active: ask again, or bill another policy or the patient.',
  eligibilityEnded:
    'The payer answered on {date} that the plan of policy {policy_number} ends {end}, before the dates of service.',
  eligibilityNotAnswered: 'The payer could not say on {date} whether policy {policy_number} is active: {reason}',
  policyOfOtherPatient: "The policy is not one of the patient's.",
  tooManyUnits: 'Too many units applied to the admission/claim in row {row}',
  providerNpiInvalid: 'The provider has no valid NPI.',
  institutionalBillingProvider:
    "An institutional claim of type of bill {tob} is billed by an institution with a taxonomy of {groups}: neither the claim's facility nor the company has one (a physician's or a practice's taxonomy cannot bill a UB-04).",
  facilityZipPlus4:
    'The facility bills this institutional claim: it needs its 9-digit ZIP code (ZIP+4), or the 837I is refused.',
  payerTakesOnlyProfessional:
    '{payer} takes only professional claims (its payer settings): bill these services on a CMS-1500, or to the payer that takes institutional claims.',
  payerTakesOnlyInstitutional:
    '{payer} takes only institutional claims (its payer settings): bill these services on a UB-04, or to the payer that takes professional claims.',
  medicaidPaysLast:
    '{medicaid} is Medicaid, the payer of last resort: it is billed after {other}. Make {other} pay first.',
  billingTaxIdRequired: 'The billing provider (company) needs a tax ID.',
  billingZipPlus4: 'The billing provider (company) needs its 9-digit ZIP code (ZIP+4): an 837 is refused without it.',
  billingAddressRequired:
    'The billing provider (company) needs its street address, city and state: an 837 is refused without them.',
  subscriberRelationship: 'The subscriber relationship of policy {policy_number} is not one an 837 accepts.',
  subscriberDemographics:
    "Policy {policy_number}: the subscriber is not the patient, so the subscriber's birth date and sex are required.",
  medicareSubscriberIsPatient:
    "Policy {policy_number} is Medicare: Medicare's subscriber is always the patient, so the policy must be the patient's own.",
  ptpNotAllowed:
    '{column2} is part of {column1} (line {row}) on {date}, and no modifier lets them be paid together (correct coding edit): remove this line.',
  ptpModifierNeeded:
    '{column2} is part of {column1} (line {row}) on {date} (correct coding edit): bill it only for a separate service, with the modifier that says so (59, XE, XS, XP, XU, or an anatomic or global-surgery one), or remove this line.',
  mueLine:
    '{units} units of {code} on one line are more than the {max} a line may carry (medically unlikely edit): bill at most {max} here; units given apart go on their own line with the modifier that says why (76, 77, 91 or an anatomic one).',
  mueDayPolicy:
    '{units} units of {code} on {date} are more than the {max} a day allowed by policy (medically unlikely edit): bill at most {max}; units above it are not paid, even on appeal.',
  mueDayClinical:
    '{units} units of {code} on {date} are more than the {max} a day that is clinically likely (medically unlikely edit): bill at most {max}, or keep the records that show why more were given for an appeal.',
  duplicateClaim: 'Possible duplicate of claim {code}: same patient, date of service, procedure and provider.',
  notEditable: 'A claim in status {status} cannot be edited.',
} as const;

export type ClaimMessage = keyof typeof CLAIM_MESSAGES;

/** A message with its {placeholders} filled. */
export const claimMessage = (key: ClaimMessage, params: Record<string, string | number> = {}) =>
  CLAIM_MESSAGES[key].replace(/\{(\w+)\}/g, (_, k) => String(params[k] ?? ''));
