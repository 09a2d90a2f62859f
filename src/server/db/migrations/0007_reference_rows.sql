-- Reference rows every database needs, demo or production: order statuses and request types.
-- (Until now the demo seed wrote them, so an empty production database had none.)
INSERT INTO order_statuses (code, name, sort, is_final) VALUES
  ('approval',  'Ожидает согласования', 5,  false),
  ('new',       'Новый',                10, false),
  ('confirmed', 'Подтверждён',          20, false),
  ('picking',   'Собирается',           30, false),
  ('ready',     'Готов к выдаче',       40, false),
  ('shipped',   'Передан в доставку',   50, false),
  ('done',      'Выполнен',             60, true),
  ('cancelled', 'Отменён',              70, true)
ON CONFLICT (code) DO UPDATE SET name = excluded.name, sort = excluded.sort, is_final = excluded.is_final;
--> statement-breakpoint
-- Databases seeded before: the one-letter codes become the named ones.
UPDATE orders SET status = CASE status WHEN 'N' THEN 'new' WHEN 'P' THEN 'picking' WHEN 'A' THEN 'ready' WHEN 'D' THEN 'shipped' WHEN 'F' THEN 'done' WHEN 'C' THEN 'cancelled' ELSE status END
WHERE status IN ('N', 'P', 'A', 'D', 'F', 'C');
--> statement-breakpoint
UPDATE users SET notify_statuses = '["confirmed","ready","shipped","done","cancelled"]'::jsonb WHERE notify_statuses ?| ARRAY['N', 'P', 'A', 'D', 'F', 'C'];
--> statement-breakpoint
DELETE FROM order_statuses WHERE code IN ('N', 'P', 'A', 'D', 'F', 'C');
--> statement-breakpoint
INSERT INTO appeal_types (code, name, sort) VALUES
  ('order',     'Вопрос по заказу',               10),
  ('delivery',  'Доставка',                       20),
  ('return',    'Возврат и обмен',                30),
  ('warranty',  'Гарантийный ремонт',             40),
  ('quality',   'Претензия к качеству',           50),
  ('documents', 'Документы (акт сверки, ЭСЧФ)',   60),
  ('other',     'Другое',                         90)
ON CONFLICT (code) DO UPDATE SET name = excluded.name, sort = excluded.sort;
