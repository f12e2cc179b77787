-- Present on admission "exempt" (issue 55 §3): 5010 knows Y, N, U and W and sends exempt blank; the product wrote the
-- retired 4010 value 1 into the 837I, which a receiver refuses. Exempt is now stored as E, and sent blank.
update claims set diagnoses = (
  select jsonb_agg(case when d->>'poa' = '1' then jsonb_set(d, '{poa}', '"E"') else d end order by n)
    from jsonb_array_elements(diagnoses) with ordinality as x(d, n))
 where jsonb_typeof(diagnoses) = 'array' and diagnoses @> '[{"poa": "1"}]';
update admissions set diagnoses = (
  select jsonb_agg(case when d->>'poa' = '1' then jsonb_set(d, '{poa}', '"E"') else d end order by n)
    from jsonb_array_elements(diagnoses) with ordinality as x(d, n))
 where jsonb_typeof(diagnoses) = 'array' and diagnoses @> '[{"poa": "1"}]';
