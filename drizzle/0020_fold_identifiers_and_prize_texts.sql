-- Issue 22, data only (no schema change).
--
-- 1. Prize-game nicknames are identifiers now: they fold without the Turkish locale (I, İ, ı and i are one
--    letter), where they were lower-cased the Turkish way ('Irmak_x' → 'ırmak_x'). The old key differs from
--    the new one only in 'ı', so the new key is translate(old, 'ı', 'i'). Rows that become one key are merged.

-- fortune_nicks (key: nick): keep the row told a fortune last, with the follower flag if any of them had it
UPDATE "fortune_nicks" AS f SET "follower" = g."any_follower"
FROM (
  SELECT "nick", bool_or("follower") OVER (PARTITION BY translate("nick", 'ı', 'i')) AS "any_follower"
  FROM "fortune_nicks"
) AS g
WHERE f."nick" = g."nick" AND f."follower" <> g."any_follower";
--> statement-breakpoint
DELETE FROM "fortune_nicks" AS f
USING (
  SELECT "nick", row_number() OVER (
    PARTITION BY translate("nick", 'ı', 'i')
    ORDER BY "fortune_given_at" DESC NULLS LAST, "updated_at" DESC, "nick"
  ) AS "rn"
  FROM "fortune_nicks"
) AS g
WHERE f."nick" = g."nick" AND g."rn" > 1;
--> statement-breakpoint
UPDATE "fortune_nicks" SET "nick" = translate("nick", 'ı', 'i') WHERE "nick" LIKE '%ı%';
--> statement-breakpoint

-- fortune_entries (unique: period, nick, chance): the merged nickname's entries are numbered 1, 2, 3… again in
-- the order they were made (through negative numbers, so no two rows meet on the way)
UPDATE "fortune_entries" AS e SET "nick" = r."folded", "chance_no" = -r."n"
FROM (
  SELECT "id", translate("nick", 'ı', 'i') AS "folded",
    row_number() OVER (PARTITION BY "period_id", translate("nick", 'ı', 'i') ORDER BY "created_at", "id") AS "n"
  FROM "fortune_entries"
  WHERE translate("nick", 'ı', 'i') IN (SELECT translate("nick", 'ı', 'i') FROM "fortune_entries" WHERE "nick" LIKE '%ı%')
) AS r
WHERE e."id" = r."id";
--> statement-breakpoint
UPDATE "fortune_entries" SET "chance_no" = -"chance_no" WHERE "chance_no" < 0;
--> statement-breakpoint

-- fortune_winners (unique: period, nick): the first win of the nickname in a period takes the new key; a second
-- win of the same person (possible only through the old bug) keeps its old key rather than being lost
UPDATE "fortune_winners" AS w SET "nick" = translate(w."nick", 'ı', 'i')
WHERE w."nick" LIKE '%ı%'
  AND NOT EXISTS (SELECT 1 FROM "fortune_winners" AS o WHERE o."period_id" = w."period_id" AND o."nick" = translate(w."nick", 'ı', 'i'))
  AND w."id" = (
    SELECT min(x."id") FROM "fortune_winners" AS x
    WHERE x."period_id" = w."period_id" AND translate(x."nick", 'ı', 'i') = translate(w."nick", 'ı', 'i')
  );
--> statement-breakpoint

-- 2. Contact-form e-mail addresses were lower-cased without care for 'İ' ('i' + combining dot) and 'ı'; they
--    are folded like every other e-mail address now, so a person's messages are found by their address.
UPDATE "contact_messages" SET "email" = translate(replace("email", E'i\u0307', 'i'), 'ıİI', 'iii')
WHERE "email" IS NOT NULL AND ("email" LIKE '%ı%' OR "email" LIKE E'%i\u0307%' OR "email" LIKE '%İ%' OR "email" LIKE '%I%');
--> statement-breakpoint

-- 3. The seeded prize texts promised a 12-cookie 'Heyecanlı Kutu' (it holds 6) and a 'Klasik Kutu' the shop does
--    not sell. Periods still running or to come that carry exactly the seeded texts get the catalogue's names;
--    ended periods keep what their winners were told, and periods staff edited are left alone.
UPDATE "fortune_periods"
SET "prizes" = '["Heyecanlı Kutu (6 kurabiye)", "Klasik Altılı (6 kurabiye)", "Teşekkür Kutusu (3 kurabiye)"]'::jsonb
WHERE "prizes" = '["Heyecanlı Kutu (12 kurabiye)", "Klasik Kutu (6 kurabiye)", "Dilediğin 3 kurabiye"]'::jsonb
  AND "ends_at" > now();
