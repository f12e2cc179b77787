import { usDateToIso } from './formats.ts';

export const LEGAL_AGE = 18;

/** Whole years between a mm/dd/yyyy birth date and today (a birthday counts on its day; 29 Feb on 1 Mar). */
export function ageOn(birthUs: string, today: Date): number {
  const [y, m, d] = usDateToIso(birthUs).split('-').map(Number);
  let age = today.getFullYear() - y;
  const beforeBirthday = today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d);
  if (beforeBirthday) age--;
  return age;
}

export const isLegalAge = (birthUs: string, today: Date) => ageOn(birthUs, today) >= LEGAL_AGE;
