-- Issue 25: store employees' permissions are set at /desk/staff/ by an administrator (staff permission `staff`).
-- A database with employees but no administrator yet gets one: the employees who already change prices
-- (the most trusted role before) become administrators. A fresh database has no users here: the seed writes its own.
UPDATE users SET permissions = permissions || '["staff"]'::jsonb
WHERE is_staff AND permissions ? 'prices' AND NOT permissions ? 'staff'
  AND NOT EXISTS (SELECT 1 FROM users u WHERE u.is_staff AND u.permissions ? 'staff');
