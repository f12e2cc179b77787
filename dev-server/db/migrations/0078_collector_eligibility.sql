-- Issue 56 §7: a collector working denials asks the payers about eligibility, one claim or many (schemas/permissions.json
-- grants it to the default role). An installation whose default Collector role already exists gets the grant here; one
-- whose billing manager took it away since keeps that choice only if made after this release.
insert into role_permissions (role_id, permission_id)
select r.id, p.id from roles r join permissions p on p.slug = 'patient.eligibility.check'
 where r.slug = 'collector'
   and not exists (select 1 from role_permissions x where x.role_id = r.id and x.permission_id = p.id);
