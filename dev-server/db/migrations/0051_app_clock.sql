-- One clock for every row the product stamps. app_now() is the transaction's time, unless the
-- transaction runs "as of" another moment (the setting app.now, set only by the server's asOf database:
-- the demo replays its eighteen months of history through the product's own operations that way).
-- app_clock() is the same for history rows that must order within one transaction (clock_timestamp()).
create or replace function app_now() returns timestamptz language sql stable as
  $$ select coalesce(nullif(current_setting('app.now', true), '')::timestamptz, now()) $$;
create or replace function app_clock() returns timestamptz language sql volatile as
  $$ select coalesce(nullif(current_setting('app.now', true), '')::timestamptz, clock_timestamp()) $$;

do $$
declare c record;
begin
  for c in select table_name, column_name, column_default from information_schema.columns
            where table_schema = current_schema() and column_default in ('now()', 'clock_timestamp()') loop
    execute format('alter table %I alter column %I set default %s', c.table_name, c.column_name,
                   case c.column_default when 'now()' then 'app_now()' else 'app_clock()' end);
  end loop;
end $$;
