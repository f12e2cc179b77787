import type { Database } from '../dev-server/db/database.ts';

const FIRST = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Maria', 'Luis', 'Ana', 'Jose', 'Sofia', 'Miguel', 'Lucia', 'Pedro', 'Elena', 'Juan', 'Isabel'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Smithson', 'Goldsmith'];

/** tenants billing companies and rows patients spread evenly over them, inserted in batches by SQL. */
export async function generateDataset(db: Database, tenants: number, rows: number): Promise<number[]> {
  const bcs = await db.query<{ id: number }>(
    `insert into billing_companies (name, abbreviation, code)
     select 'Bench Billing ' || g, 'BB' || g, 'BENCH-' || g from generate_series(1, $1::int) g returning id`, [tenants],
  );
  const ids = bcs.rows.map((r) => r.id);
  const batch = 50_000;
  for (let start = 0; start < rows; start += batch) {
    await db.query(
      `insert into patients (billing_company_id, med_num, first_name, last_name, date_of_birth, sex, status)
       select ($1::bigint[])[1 + (g % array_length($1::bigint[], 1))],
              'MN' || lpad(g::text, 8, '0'),
              ($2::text[])[1 + (g % array_length($2::text[], 1))],
              ($3::text[])[1 + ((g / 30 + g * 7) % array_length($3::text[], 1))],
              date '1930-01-01' + (g * 37 % 30000),
              case when g % 2 = 0 then 'F' else 'M' end,
              g % 10 <> 0
         from generate_series($4::int, $5::int) g`,
      [ids, FIRST, LAST, start + 1, Math.min(rows, start + batch)],
    );
  }
  await db.query('analyze patients');
  return ids;
}
