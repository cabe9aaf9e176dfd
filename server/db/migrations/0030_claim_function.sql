-- Issue 10 (dispatch under load): the claim as a function whose plan never sorts the queue.
-- The planner sizes the queue from the statistics of tasks.state, gathered when few tasks were
-- queued (a queue is usually near-empty); during a backlog it then believed one row was queued and
-- read every queued row through the smaller (id) index, sorted them all by priority and took the
-- first: 20 ms per claim with 4,600 queued, longer behind concurrent claims. With sorting disabled
-- for this one statement the only plan left walks tasks_queued_priority_idx in order and stops at
-- the first row it may take (1 ms; EXPLAIN ANALYZE in docs/ARCHITECTURE.md "Dispatch").
-- Takes the oldest queued task this worker may solve (enterprise customers' first), skipping rows
-- other claimers hold, and leases it: a worker never gets a task they already tried, nor a copy of a
-- labelling item (group_key) they annotated; verification re-solves go only to trusted workers and
-- never to the worker whose answer is judged. Sandbox: the customer solves their own tasks.
CREATE FUNCTION claim_next_task(p_worker bigint, p_languages text[], p_sandbox_owner boolean, p_image_secs integer, p_token_secs integer)
RETURNS SETOF tasks LANGUAGE plpgsql SET enable_sort = off AS $$
BEGIN
  RETURN QUERY
  UPDATE tasks SET
    state = 'assigned',
    worker_id = p_worker,
    assigned_at = now(),
    -- Labelling copies (a group key) get 5 minutes: framing every object of a picture takes longer than a captcha.
    lease_expires_at = least(expires_at, now() + make_interval(secs => CASE WHEN group_key IS NOT NULL THEN 300 WHEN kind = 'image' THEN p_image_secs ELSE p_token_secs END))
  WHERE tasks.id = (
    SELECT t.id FROM tasks t
    WHERE t.state = 'queued'
      AND CASE WHEN p_sandbox_owner THEN t.sandbox AND t.customer_id = p_worker ELSE NOT t.sandbox AND t.customer_id <> p_worker END
      AND (t.language IS NULL OR t.language = ANY (p_languages))
      AND NOT EXISTS (SELECT 1 FROM task_attempts a WHERE a.task_id = t.id AND a.worker_id = p_worker)
      AND (t.group_key IS NULL OR NOT EXISTS (SELECT 1 FROM tasks g JOIN task_attempts a ON a.task_id = g.id WHERE g.group_key = t.group_key AND a.worker_id = p_worker))
      -- The trusted flag is an uncorrelated subquery: evaluated once per claim, and only when a re-solve is met.
      AND (t.verifies_task_id IS NULL OR (
        coalesce((SELECT p.trusted_at IS NOT NULL FROM worker_profiles p WHERE p.user_id = p_worker), false)
        AND NOT EXISTS (SELECT 1 FROM tasks o WHERE o.id = t.verifies_task_id AND o.solved_by = p_worker)))
    ORDER BY t.priority DESC, t.id
    FOR UPDATE SKIP LOCKED
    LIMIT 1
  )
  RETURNING tasks.*;
END
$$;
