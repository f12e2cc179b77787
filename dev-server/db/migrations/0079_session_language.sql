-- A session's own language: switched in one browser, it is that browser's; the person's other open sessions keep the
-- language they show. Null: the session follows the person's language (users.language), as every new sign-in does.
alter table sessions add column language text;
