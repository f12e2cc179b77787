// A generated ERA for the X12 benchmark: balanced 835 transaction sets (one per payment, as payers
// send them), each with claims, service lines and CAS, until the file reaches the size asked for.

const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

function transaction(n: number, claimsPer: number): string[] {
  const segs: string[] = [];
  let total = 0;
  const claims: string[] = [];
  for (let c = 0; c < claimsPer; c++) {
    const lines: string[] = [];
    let charge = 0;
    let paid = 0;
    for (let l = 0; l < 3; l++) {
      const lc = 10000 + ((n * 7 + c * 13 + l * 17) % 9000);
      const adj = Math.floor(lc / 5);
      const pr = 1000;
      const lp = lc - adj - pr;
      charge += lc;
      paid += lp;
      lines.push(
        `SVC*HC:9921${l}:25*${money(lc)}*${money(lp)}**1`,
        `DTM*472*20250${(l % 9) + 1}15`,
        `CAS*CO*45*${money(adj)}`,
        `CAS*PR*2*${money(pr)}`,
        `REF*6R*L${n}-${c}-${l}`,
        `AMT*B6*${money(lc - adj)}`,
      );
    }
    total += paid;
    claims.push(
      `CLP*PCN${n}-${c}*1*${money(charge)}*${money(paid)}*${money(3000)}*12*ICN${n}${c}*11*1`,
      `NM1*QC*1*DOE*JANE****MI*M${c}`,
      `DTM*232*20250115`,
      ...lines,
    );
  }
  segs.push(
    `ST*835*${String(n).padStart(4, '0')}`,
    `BPR*I*${money(total)}*C*ACH*CCP*01*999999999*DA*123456*1512345678**01*999988880*DA*98765*20250120`,
    `TRN*1*EFT${n}*1512345678`,
    'DTM*405*20250120',
    'N1*PR*KEY INSURANCE',
    'N3*1 PAYER WAY',
    'N4*CHICAGO*IL*60601',
    'N1*PE*SUNSHINE CLINIC*XX*1234567893',
    'N3*100 MAIN ST',
    'N4*MIAMI*FL*33101',
    'LX*1',
    ...claims,
  );
  segs.push(`SE*${segs.length + 1}*${String(n).padStart(4, '0')}`);
  return segs;
}

/** An 835 interchange of at least `bytes`, with the number of claims and the total paid it holds. */
export function generateEra(bytes: number, claimsPer = 50): { text: string; claims: number; transactions: number } {
  const parts: string[] = [
    'ISA*00*          *00*          *ZZ*KEYINS         *ZZ*SUNSHINE       *250120*1200*^*00501*000000001*0*P*:~\n',
    'GS*HP*KEYINS*SUNSHINE*20250120*1200*1*X*005010X221A1~\n',
  ];
  let size = parts.join('').length;
  let n = 0;
  while (size < bytes) {
    const t = transaction(++n, claimsPer).join('~\n') + '~\n';
    parts.push(t);
    size += t.length;
  }
  parts.push(`GE*${n}*1~\n`, 'IEA*1*000000001~\n');
  return { text: parts.join(''), claims: n * claimsPer, transactions: n };
}

/** One payment (one 835 transaction set) paying `claims` claims of three lines each: an ERA as a large payer sends it. */
export function generateOnePayment(claims: number): string {
  return (
    [
      'ISA*00*          *00*          *ZZ*KEYINS         *ZZ*SUNSHINE       *250120*1200*^*00501*000000001*0*P*:',
      'GS*HP*KEYINS*SUNSHINE*20250120*1200*1*X*005010X221A1',
      ...transaction(1, claims),
      'GE*1*1',
      'IEA*1*000000001',
    ].join('~\n') + '~\n'
  );
}
