-- API keys are checked from a per-process cache (server/surfaces/compat/account-cache.ts); any
-- change that matters to it announces the account on the 'accounts' channel, from the database
-- itself, so no code path can forget to.
CREATE FUNCTION notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('accounts', OLD.id::text);
  ELSE
    PERFORM pg_notify('accounts', COALESCE(NEW.user_id, OLD.user_id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_account_change AFTER UPDATE OF api_key, blocked_at, deleted_at OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_account_change();
--> statement-breakpoint
CREATE TRIGGER api_settings_account_change AFTER INSERT OR UPDATE OR DELETE ON api_settings
  FOR EACH ROW EXECUTE FUNCTION notify_account_change();
