-- The staff console's counts by status (user_status_counts, migration 0007), kept in the
-- transaction that changes a person's status, so they are always exact.
CREATE OR REPLACE FUNCTION users_count_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE user_status_counts SET n = n - 1 WHERE status = OLD.status;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO user_status_counts (status, n) VALUES (NEW.status, 1)
    ON CONFLICT (status) DO UPDATE SET n = user_status_counts.n + 1;
  END IF;
  RETURN NULL;
END;
$$;
