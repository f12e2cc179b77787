-- What a signed-in person may do (roles, permissions, billing companies, address restrictions) is read
-- once and kept by each server process; this counter, moved by every change to those tables in the
-- same transaction, tells every process sharing the database that what it keeps is stale. A request
-- reads the counter with its session row: one index lookup, instead of the permission joins each time.
create table access_epoch (
  id int primary key default 1 check (id = 1),
  epoch bigint not null default 0
);
insert into access_epoch (id, epoch) values (1, 0);

create function bump_access_epoch() returns trigger language plpgsql as $$
begin
  update access_epoch set epoch = epoch + 1 where id = 1;
  return null;
end $$;

create trigger user_roles_access after insert or update or delete on user_roles
  for each statement execute function bump_access_epoch();
create trigger role_permissions_access after insert or update or delete on role_permissions
  for each statement execute function bump_access_epoch();
create trigger permissions_access after insert or update or delete on permissions
  for each statement execute function bump_access_epoch();
create trigger roles_access after insert or update or delete on roles
  for each statement execute function bump_access_epoch();
create trigger billing_company_users_access after insert or update or delete on billing_company_users
  for each statement execute function bump_access_epoch();
create trigger ip_restrictions_access after insert or update or delete on ip_restrictions
  for each statement execute function bump_access_epoch();
