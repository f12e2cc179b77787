/**
 * Who may bill an institutional claim (UB-04, 837I): an institution whose NUCC taxonomy fits the type of bill's
 * facility — a hospital bills hospital stays, a nursing facility skilled nursing, an agency home health — never a
 * physician or another individual. Groups of the NUCC code set: 25 agencies, 26 ambulatory health care facilities,
 * 27 hospital units, 28 hospitals, 31 nursing and custodial care facilities, 32 residential treatment facilities.
 */
const GROUPS_BY_FACILITY_TYPE: Record<string, string[]> = {
  '1': ['27', '28'], // hospital
  '2': ['28', '31'], // skilled nursing
  '3': ['25', '28'], // home health
  '4': ['27', '28'], // religious non-medical health care institution
  '6': ['31', '32'], // intermediate care
  '7': ['26', '28'], // clinic
  '8': ['25', '26', '28'], // special facility: hospice, ambulatory surgery, critical access hospital
};
const ALL = ['25', '26', '27', '28', '31', '32'];

/** The taxonomy groups that may bill a type of bill (its first digit, without the leading 0). */
export const institutionGroups = (typeOfBill: unknown) =>
  GROUPS_BY_FACILITY_TYPE[String(typeOfBill ?? '').replace(/^0/, '')[0]] ?? ALL;

/** The first of these taxonomies that may bill the type of bill, if any. */
export const billingTaxonomyFor = (typeOfBill: unknown, taxonomies: Array<string | null | undefined>) =>
  taxonomies.find((t) => !!t && institutionGroups(typeOfBill).includes(t.slice(0, 2))) ?? undefined;
