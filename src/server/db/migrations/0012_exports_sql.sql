-- Export lists made before lists had an owner: they become their maker's company's (or the maker's own),
-- a list that had reached step 3 is ready, and the format it kept inside its settings moves to its column.
-- Idempotent: only rows without an owner are touched.
UPDATE export_profiles p
SET owner_key = CASE WHEN u.company_id IS NOT NULL THEN 'c:' || u.company_id ELSE 'u:' || u.id END,
    company_id = u.company_id,
    status = CASE WHEN p.step >= 3 THEN 'ready' ELSE 'draft' END,
    step = CASE WHEN p.step >= 3 THEN 4 ELSE p.step END,
    format = COALESCE(p.format, NULLIF(p.settings ->> 'format', ''), 'csv'),
    settings = (p.settings - 'format') || jsonb_build_object('source', CASE WHEN p.settings ? 'sectionIds' THEN 'sections' ELSE 'all' END)
FROM users u
WHERE u.id = p.user_id AND p.owner_key = '';
