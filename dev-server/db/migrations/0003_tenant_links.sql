-- billing_companies is created from its schema in 0002; link the core tables to it now that it exists.
alter table billing_company_users add constraint billing_company_users_bc_fk foreign key (billing_company_id) references billing_companies(id) on delete cascade;
alter table roles add constraint roles_billing_company_fk foreign key (billing_company_id) references billing_companies(id) on delete cascade;
