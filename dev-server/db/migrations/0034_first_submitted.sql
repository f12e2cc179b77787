-- A claim's first submission, kept on the claim: aging "by submission" and the clean-claim rate read
-- it for a million claims at once, where a look-up of each claim's history per row would not scale.
-- Every state change is written to state_transitions, so a trigger there keeps it for every path
-- (a batch sent, a claim marked submitted by hand, a job) without each one remembering to.
update claims c set first_submitted_at = t.first
  from (select entity_id, min(created_at)::date as first from state_transitions where entity = 'claim' and to_state = 3 group by entity_id) t
 where t.entity_id = c.id and c.first_submitted_at is null;

create function claims_first_submitted() returns trigger language plpgsql as $$
begin
  update claims set first_submitted_at = new.created_at::date where id = new.entity_id and first_submitted_at is null;
  return null;
end $$;

create trigger state_transitions_first_submitted after insert on state_transitions
  for each row when (new.entity = 'claim' and new.to_state = 3) execute function claims_first_submitted();
