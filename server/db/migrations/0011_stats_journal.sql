-- Public statistics roll up incrementally (docs/ARCHITECTURE.md, "Public statistics"): the
-- database journals what each statement on tasks adds to or takes from stats_hourly, and the
-- roll-up job moves the journal into stats_hourly (DELETE … RETURNING, so every row once).
-- Hand-written: triggers and functions are not in the Drizzle schema.

-- The roll-up job's lock (statistics.repo.ts ROLLUP_LOCK): no node rolls up during the handover.
SELECT pg_advisory_xact_lock(5113001);
--> statement-breakpoint
CREATE TABLE "stats_journal" (
	"hour" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	"solved" integer DEFAULT 0 NOT NULL,
	"unsolvable" integer DEFAULT 0 NOT NULL,
	"spend" bigint DEFAULT 0 NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"turnaround_ms_sum" bigint DEFAULT 0 NOT NULL,
	"wait_ms_sum" bigint DEFAULT 0 NOT NULL,
	"work_ms_sum" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- What one task adds to stats_hourly (times _sign: 1 for a row as it is now, -1 for what it was):
-- one upload in its created hour and, once solved or unsolvable, its ending in its ended hour.
-- Time sums over solved tasks, assigned_at clamped into [created, ended] (none: all work).
CREATE FUNCTION "stats_task_figures"(_sign integer, _type text, _state text, _created timestamptz, _assigned timestamptz, _ended timestamptz, _price bigint, _reward bigint)
RETURNS TABLE ("hour" timestamptz, "type" text, "submitted" integer, "solved" integer, "unsolvable" integer, "spend" bigint, "earned" bigint, "turnaround_ms_sum" bigint, "wait_ms_sum" bigint, "work_ms_sum" bigint)
LANGUAGE sql STABLE AS $$
  SELECT date_trunc('hour', _created AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', _type, _sign, 0, 0, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint
  UNION ALL
  SELECT date_trunc('hour', _ended AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', _type, 0,
    CASE WHEN _state = 'solved' THEN _sign ELSE 0 END,
    CASE WHEN _state = 'unsolvable' THEN _sign ELSE 0 END,
    CASE WHEN _state = 'solved' THEN _sign * _price ELSE 0 END,
    CASE WHEN _state = 'solved' THEN _sign * _reward ELSE 0 END,
    CASE WHEN _state = 'solved' THEN _sign * round(extract(epoch FROM _ended - _created) * 1000)::bigint ELSE 0 END,
    CASE WHEN _state = 'solved' THEN _sign * round(extract(epoch FROM a.at - _created) * 1000)::bigint ELSE 0 END,
    CASE WHEN _state = 'solved' THEN _sign * round(extract(epoch FROM _ended - a.at) * 1000)::bigint ELSE 0 END
  FROM (SELECT least(greatest(coalesce(_assigned, _created), _created), _ended) AS at) a
  WHERE _state IN ('solved', 'unsolvable') AND _ended IS NOT NULL
$$;
--> statement-breakpoint
-- Statement-level: one journal row per (hour, type) per statement, however many tasks it wrote
-- (a group-committed batch of submissions costs one small insert). Verification re-solves and
-- sandbox tasks are left out.
CREATE FUNCTION "stats_journal_tasks_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stats_journal ("hour", "type", submitted, solved, unsolvable, spend, earned, turnaround_ms_sum, wait_ms_sum, work_ms_sum)
  SELECT f.hour, f.type, sum(f.submitted)::int, sum(f.solved)::int, sum(f.unsolvable)::int, sum(f.spend)::bigint, sum(f.earned)::bigint,
    sum(f.turnaround_ms_sum)::bigint, sum(f.wait_ms_sum)::bigint, sum(f.work_ms_sum)::bigint
  FROM n CROSS JOIN LATERAL stats_task_figures(1, n.type, n.state, n.created_at, n.assigned_at, n.ended_at, n.price, n.reward) f
  WHERE n.verifies_task_id IS NULL AND NOT n.sandbox
  GROUP BY f.hour, f.type;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update journals the difference: what the new rows add minus what the old rows added. Claims,
-- skips and reports change nothing counted and write nothing; an ending adds its figures once,
-- whatever path ended it (and any correction of an ended task, or a move back, is journaled too).
CREATE FUNCTION "stats_journal_tasks_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stats_journal ("hour", "type", submitted, solved, unsolvable, spend, earned, turnaround_ms_sum, wait_ms_sum, work_ms_sum)
  SELECT f.hour, f.type, sum(f.submitted)::int, sum(f.solved)::int, sum(f.unsolvable)::int, sum(f.spend)::bigint, sum(f.earned)::bigint,
    sum(f.turnaround_ms_sum)::bigint, sum(f.wait_ms_sum)::bigint, sum(f.work_ms_sum)::bigint
  FROM (
    SELECT -1 AS sign, o.type, o.state, o.created_at, o.assigned_at, o.ended_at, o.price, o.reward FROM o WHERE o.verifies_task_id IS NULL AND NOT o.sandbox
    UNION ALL
    SELECT 1, n.type, n.state, n.created_at, n.assigned_at, n.ended_at, n.price, n.reward FROM n WHERE n.verifies_task_id IS NULL AND NOT n.sandbox
  ) c CROSS JOIN LATERAL stats_task_figures(c.sign, c.type, c.state, c.created_at, c.assigned_at, c.ended_at, c.price, c.reward) f
  GROUP BY f.hour, f.type
  HAVING sum(f.submitted) <> 0 OR sum(f.solved) <> 0 OR sum(f.unsolvable) <> 0 OR sum(f.spend) <> 0 OR sum(f.earned) <> 0
    OR sum(f.turnaround_ms_sum) <> 0 OR sum(f.wait_ms_sum) <> 0 OR sum(f.work_ms_sum) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deleting tasks (pruning) journals nothing: stats_hourly keeps the history.
CREATE TRIGGER "tasks_stats_journal_insert" AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS n
	FOR EACH STATEMENT EXECUTE FUNCTION stats_journal_tasks_inserted();
--> statement-breakpoint
CREATE TRIGGER "tasks_stats_journal_update" AFTER UPDATE ON "tasks" REFERENCING OLD TABLE AS o NEW TABLE AS n
	FOR EACH STATEMENT EXECUTE FUNCTION stats_journal_tasks_updated();
--> statement-breakpoint
-- Handover from the recomputing job: the hours it would still have rewritten (from the last
-- rolled-up hour, at least the previous one; all of them when stats_hourly is empty) are
-- recomputed from tasks now. CREATE TRIGGER holds SHARE ROW EXCLUSIVE on tasks until this
-- migration commits, so no task changes between what this reads and what the triggers journal.
WITH bound AS (
	SELECT least(coalesce(max("hour"), '-infinity'::timestamptz), date_trunc('hour', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 hour') AS "from"
	FROM stats_hourly
),
fresh AS (
	SELECT f.hour, f.type, sum(f.submitted)::int AS submitted, sum(f.solved)::int AS solved, sum(f.unsolvable)::int AS unsolvable,
		sum(f.spend)::bigint AS spend, sum(f.earned)::bigint AS earned, sum(f.turnaround_ms_sum)::bigint AS turnaround_ms_sum,
		sum(f.wait_ms_sum)::bigint AS wait_ms_sum, sum(f.work_ms_sum)::bigint AS work_ms_sum
	FROM tasks t CROSS JOIN bound b
	CROSS JOIN LATERAL stats_task_figures(1, t.type, t.state, t.created_at, t.assigned_at, t.ended_at, t.price, t.reward) f
	WHERE t.verifies_task_id IS NULL AND NOT t.sandbox AND (t.created_at >= b."from" OR t.ended_at >= b."from") AND f.hour >= b."from"
	GROUP BY f.hour, f.type
),
gone AS (
	DELETE FROM stats_hourly s USING bound b
	WHERE s.hour >= b."from" AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.hour = s.hour AND f.type = s.type)
)
INSERT INTO stats_hourly ("hour", "type", submitted, solved, unsolvable, spend, earned, turnaround_ms_sum, wait_ms_sum, work_ms_sum)
SELECT * FROM fresh
ON CONFLICT ("hour", "type") DO UPDATE SET
	submitted = excluded.submitted, solved = excluded.solved, unsolvable = excluded.unsolvable, spend = excluded.spend, earned = excluded.earned,
	turnaround_ms_sum = excluded.turnaround_ms_sum, wait_ms_sum = excluded.wait_ms_sum, work_ms_sum = excluded.work_ms_sum;
