-- A deposit's flags that point at another deposit ("Same photo as the deposit of $80.00 on …")
-- were stored with that deposit's status of the moment in brackets at the end, "(Pending Review)";
-- the status is now added when the flag is read, as it is then (deposits/deposit-view.ts). Here the
-- stored brackets are taken off, only on flags that point at another deposit.
UPDATE "mobile_deposits" AS d
SET "flags" = (
	SELECT jsonb_agg(
		CASE
			WHEN f.flag->>'depositId' IS NOT NULL
				THEN jsonb_set(f.flag, '{label}', to_jsonb(regexp_replace(f.flag->>'label', ' \([^()]*\)$', '')))
			ELSE f.flag
		END
		ORDER BY f.position
	)
	FROM jsonb_array_elements(d."flags") WITH ORDINALITY AS f(flag, position)
)
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(d."flags") AS f(flag) WHERE f.flag->>'depositId' IS NOT NULL);
