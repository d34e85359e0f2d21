ALTER TABLE "organisations" ADD COLUMN "billing_lock_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "billing_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- New permission modules: roles and staff (split from control_centre) and bank_details. Owner holds
-- every permission; Admin gains the three modules; Staff reads roles and staff but no longer billing,
-- payroll, hr or bank details; a custom role keeps what control_centre gave it, per action.
UPDATE "roles" SET "permissions" = (
  SELECT array_agg(m || '.' || a ORDER BY m || '.' || a)
  FROM unnest(array['network','crm','quotations','shipments','documents','hr','payroll','billing','control_centre','bank_details','roles','staff','analytics']) m,
       unnest(array['view','create','update','delete','export']) a
) WHERE "builtin" = 'owner';--> statement-breakpoint
UPDATE "roles" SET "permissions" = (
  SELECT array_agg(DISTINCT p ORDER BY p) FROM (
    SELECT unnest("roles"."permissions") p
    UNION SELECT m || '.' || a FROM unnest(array['bank_details','roles','staff']) m, unnest(array['view','create','update','delete','export']) a
  ) s
) WHERE "builtin" = 'admin';--> statement-breakpoint
UPDATE "roles" SET "permissions" = (
  SELECT coalesce(array_agg(DISTINCT p ORDER BY p), '{}') FROM (
    SELECT unnest("roles"."permissions") p
    UNION SELECT unnest(array['roles.view','staff.view'])
  ) s WHERE p NOT IN ('billing.view','payroll.view','hr.view')
) WHERE "builtin" = 'staff';--> statement-breakpoint
UPDATE "roles" SET "permissions" = (
  SELECT array_agg(DISTINCT p ORDER BY p) FROM (
    SELECT unnest("roles"."permissions") p
    UNION SELECT m || '.' || split_part(c, '.', 2)
      FROM unnest("roles"."permissions") c, unnest(array['bank_details','roles','staff']) m
      WHERE c LIKE 'control_centre.%'
  ) s
) WHERE "builtin" IS NULL AND EXISTS (SELECT 1 FROM unnest("roles"."permissions") c WHERE c LIKE 'control_centre.%');
--> statement-breakpoint
-- The audit trail keeps account numbers masked (GB29 **** 6819): scrub what earlier versions copied in full.
UPDATE "audit_events" SET "changes" = "changes"
  || CASE WHEN jsonb_typeof("changes"->'iban') = 'string' THEN jsonb_build_object('iban',
       CASE WHEN length("changes"->>'iban') <= 8 THEN '****' ELSE left("changes"->>'iban', 4) || ' **** ' || right("changes"->>'iban', 4) END) ELSE '{}'::jsonb END
  || CASE WHEN jsonb_typeof("changes"->'account_number') = 'string' THEN jsonb_build_object('account_number',
       CASE WHEN length("changes"->>'account_number') <= 8 THEN '****' ELSE '**** ' || right("changes"->>'account_number', 4) END) ELSE '{}'::jsonb END
WHERE "entity" = 'bank-details';
