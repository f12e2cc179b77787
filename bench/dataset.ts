import type { Database } from '../dev-server/db/database.ts';

const FIRST = [
  'James',
  'Mary',
  'John',
  'Patricia',
  'Robert',
  'Jennifer',
  'Michael',
  'Linda',
  'William',
  'Elizabeth',
  'David',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Maria',
  'Luis',
  'Ana',
  'Jose',
  'Sofia',
  'Miguel',
  'Lucia',
  'Pedro',
  'Elena',
  'Juan',
  'Isabel',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Smithson',
  'Goldsmith',
];

/** tenants billing companies and rows patients spread evenly over them, inserted in batches by SQL. */
export async function generateDataset(db: Database, tenants: number, rows: number): Promise<number[]> {
  const bcs = await db.query<{ id: number }>(
    `insert into billing_companies (name, abbreviation, code)
     select 'Bench Billing ' || g, 'BB' || g, 'BENCH-' || g from generate_series(1, $1::int) g returning id`,
    [tenants],
  );
  const ids = bcs.rows.map((r) => r.id);
  // Three companies per billing company, as patients carry the company that treats them.
  const companies = await db.query<{ id: number; billing_company_id: number }>(
    `insert into companies (billing_company_id, name, abbreviation, npi, status)
     select b, 'Bench Clinic ' || b || '-' || k, 'BC' || k, lpad((1000000000 + b * 10 + k)::text, 10, '0'), true
       from unnest($1::bigint[]) b, generate_series(1, 3) k returning id, billing_company_id`,
    [ids],
  );
  const companyOf = new Map<number, number>();
  for (const c of companies.rows)
    if (!companyOf.has(Number(c.billing_company_id))) companyOf.set(Number(c.billing_company_id), Number(c.id));
  const batch = 50_000;
  for (let start = 0; start < rows; start += batch) {
    await db.query(
      `insert into patients (billing_company_id, company_id, med_num, first_name, last_name, date_of_birth, sex, status,
                             phone, email, ssn_last4, language, addresses, draft)
       select bc, ($6::bigint[])[1 + (g % array_length($1::bigint[], 1))], 'MN-' || lpad(g::text, 8, '0'),
              ($2::text[])[1 + (g % array_length($2::text[], 1))],
              ($3::text[])[1 + ((g / 30 + g * 7) % array_length($3::text[], 1))],
              date '1930-01-01' + (g * 37 % 30000),
              case when g % 2 = 0 then 'F' else 'M' end,
              g % 10 <> 0,
              '305-555-' || lpad((g % 10000)::text, 4, '0'),
              'patient' || g || '@mail.example',
              lpad((g::bigint * 7919 % 10000)::text, 4, '0'),
              case when g % 5 = 0 then 'es' else 'en' end,
              jsonb_build_array(jsonb_build_object('address_type_id', 2, 'address', (g % 9000 + 100) || ' Main St', 'city', 'Miami', 'state', 'FL', 'zip', '33101', 'main_address', true)),
              false
         from generate_series($4::int, $5::int) g, lateral (select ($1::bigint[])[1 + (g % array_length($1::bigint[], 1))] as bc) t`,
      [ids, FIRST, LAST, start + 1, Math.min(rows, start + batch), ids.map((b) => companyOf.get(Number(b)))],
    );
  }
  // As autovacuum leaves a table that has settled: statistics, and a visibility map that lets counts read an index alone.
  await db.query('vacuum analyze patients');
  return ids;
}
