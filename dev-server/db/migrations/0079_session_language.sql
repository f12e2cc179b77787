-- A session's own language: switched in one browser, it is that browser's; another browser of the same person keeps
-- the language it shows. The person's language (users.language) is the default of each new sign-in, copied into the session when it starts.
alter table sessions add column language text;
