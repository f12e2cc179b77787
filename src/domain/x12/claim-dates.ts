/** The 837P guide's order of loop 2300's dates (DTP): the writer sends them so, the reader knows them by it. */
export const DATE_ORDER = [
  '431',
  '454',
  '304',
  '453',
  '439',
  '484',
  '455',
  '471',
  '314',
  '360',
  '361',
  '435',
  '096',
  '090',
  '091',
  '444',
];
