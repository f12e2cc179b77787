/** Acknowledgments as a clearing house writes them, for tests that play the clearing house. */
const isa = (control: number, receiver: string) =>
  `ISA*00*          *00*          *ZZ*030240928      *ZZ*${receiver.padEnd(15)}*260312*1200*^*00501*${String(control).padStart(9, '0')}*0*T*:`;

/** receiver: the submitter id the file answers (ISA08 and GS03), as a clearing house addresses it back. */
const envelope = (functionalId: string, version: string, control: number, body: string[], receiver: string) =>
  [
    isa(control, receiver),
    `GS*${functionalId}*030240928*${receiver}*20260312*1200*${control}*X*${version}`,
    ...body,
    `SE*${body.length + 1}*0001`,
    `GE*1*${control}`,
    `IEA*1*${String(control).padStart(9, '0')}`,
  ].join('~') + '~';

/**
 * A 277CA answering claims by their claim number: each with its STC composite (A2:20 accepted, A7:562:85
 * rejected) and the payer's claim number. from: who answers in loop 2100A, the payer (PR) or the clearing house (AY).
 */
export function ack277(
  control: number,
  claims: Array<{ code: string; stc: string | string[] }>,
  receiver = 'SUN0001',
  from: 'PR' | 'AY' = 'PR',
): string {
  const body = [
    'ST*277*0001*005010X214',
    'BHT*0085*08*1*20260312*1200*TH',
    'HL*1**20*1',
    from === 'PR' ? 'NM1*PR*2*SUN HEALTH PLAN*****PI*PSUN1' : 'NM1*AY*2*AVAILITY*****46*030240928',
  ];
  claims.forEach((c, i) =>
    body.push(
      `HL*${i + 2}*1*PT`,
      'NM1*QC*1*PEREZ*LUCIA****MI*W123456789',
      `TRN*2*${c.code}`,
      ...[c.stc].flat().map((stc) => `STC*${stc}*20260312*WQ*140`),
      `REF*1K*PAYER${i + 2}`,
    ),
  );
  return envelope('HN', '005010X214', control, body, receiver);
}

/** A 999 answering the group with this control number: accepted, or rejected with one NM1 error. */
export function ack999(control: number, answersGroup: number, accepted: boolean, receiver = 'SUN0001'): string {
  const body = accepted
    ? [
        'ST*999*0001*005010X231A1',
        `AK1*HC*${answersGroup}*005010X222A1`,
        'AK2*837*0001*005010X222A1',
        'IK5*A',
        'AK9*A*1*1*1',
      ]
    : [
        'ST*999*0001*005010X231A1',
        `AK1*HC*${answersGroup}*005010X222A1`,
        'AK2*837*0001*005010X222A1',
        'IK3*NM1*12*2010BA*8',
        'IK4*9*67*7*BADID',
        'IK5*R*5',
        'AK9*R*1*1*0',
      ];
  return envelope('FA', '005010X231A1', control, body, receiver);
}
