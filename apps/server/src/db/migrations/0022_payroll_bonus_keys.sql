-- Issue 26: the Bonus In Month keys as spec 002 "Payroll Configuration" writes them (Staff, Management); 0015 stored
-- them in lower case. Values and order are kept. The server still reads and accepts the old keys
-- (contracts payrollKeyOf), so a page opened before this ran saves as before.
UPDATE "payroll_config_tables"
   SET "table_config" = (
         SELECT jsonb_agg(
                  CASE c->>'key'
                    WHEN 'staff' THEN jsonb_set(c, '{key}', '"Staff"')
                    WHEN 'management' THEN jsonb_set(c, '{key}', '"Management"')
                    ELSE c
                  END ORDER BY n)
           FROM jsonb_array_elements("table_config") WITH ORDINALITY AS e(c, n))
 WHERE "table_code" = 'bonus'
   AND ("table_config" @> '[{"key":"staff"}]' OR "table_config" @> '[{"key":"management"}]');
