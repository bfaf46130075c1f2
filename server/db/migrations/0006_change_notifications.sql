-- Every change to a purchase, a report or a progress row notifies the web processes
-- (channel crow_changes, payload "kind:id"), whoever made it: a web request, the worker, the
-- chain watcher, an operator's SQL. Notifications are sent at commit and identical ones within
-- one transaction are merged by PostgreSQL, so a bulk change costs one message per key.
CREATE FUNCTION crow_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'user_purchases' THEN
    PERFORM pg_notify('crow_changes', 'purchase:' || coalesce(NEW.user_id, OLD.user_id));
  ELSIF TG_TABLE_NAME = 'research_reports' THEN
    PERFORM pg_notify('crow_changes', 'report:' || coalesce(NEW.id, OLD.id));
  ELSIF TG_TABLE_NAME = 'research_progress' THEN
    PERFORM pg_notify('crow_changes', 'progress:' || coalesce(NEW.report_id, OLD.report_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_purchases_notify AFTER INSERT OR UPDATE OR DELETE ON user_purchases
  FOR EACH ROW EXECUTE FUNCTION crow_notify_change();
--> statement-breakpoint
CREATE TRIGGER research_reports_notify AFTER INSERT OR UPDATE OR DELETE ON research_reports
  FOR EACH ROW EXECUTE FUNCTION crow_notify_change();
--> statement-breakpoint
CREATE TRIGGER research_progress_notify AFTER INSERT OR UPDATE OR DELETE ON research_progress
  FOR EACH ROW EXECUTE FUNCTION crow_notify_change();
