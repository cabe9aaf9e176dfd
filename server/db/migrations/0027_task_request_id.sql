-- Issue 22 §3: the submitting request's id stays with the task, so log lines about it (queued,
-- offered, answered, pingback) carry the same reqId on whichever node writes them.
ALTER TABLE "tasks" ADD COLUMN "request_id" text;
