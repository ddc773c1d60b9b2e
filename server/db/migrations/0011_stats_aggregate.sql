CREATE TABLE "claim_number_blocks" (
	"scope" smallint NOT NULL,
	"owner" integer NOT NULL,
	"block" integer NOT NULL,
	"claims" integer NOT NULL,
	CONSTRAINT "claim_number_blocks_scope_owner_block_pk" PRIMARY KEY("scope","owner","block")
);
--> statement-breakpoint
CREATE TABLE "claim_day_counts" (
	"day" date NOT NULL,
	"status_id" smallint NOT NULL,
	"id_ejecutivo" integer NOT NULL,
	"claims" integer NOT NULL,
	CONSTRAINT "claim_day_counts_day_status_id_id_ejecutivo_pk" PRIMARY KEY("day","status_id","id_ejecutivo")
);
--> statement-breakpoint
CREATE TABLE "stay_day_bins" (
	"day" date NOT NULL,
	"status_id" smallint NOT NULL,
	"id_ejecutivo" integer NOT NULL,
	"bin" smallint NOT NULL,
	"stays" integer NOT NULL,
	"days" double precision NOT NULL,
	CONSTRAINT "stay_day_bins_day_status_id_id_ejecutivo_bin_pk" PRIMARY KEY("day","status_id","id_ejecutivo","bin")
);
--> statement-breakpoint
-- The duration bin of a stay (issue 27; docs/decisions/report-statistics.md, "Aggregates per day"): 0.05 day (1.2 h)
-- wide below 10 days (bins 0-199), then each bin 0.5 % wider than the one before (bin 200 starts at 10 days), so a
-- bin is never wider than max(0.05 day, 0.5 % of its values). The one definition: the triggers and the backfill below
-- call it, and tests/server/statsAggregate.test.ts reads it to state the worst error.
CREATE FUNCTION stay_bin(days double precision) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN days < 10 THEN greatest(floor(days * 20), 0) ELSE 200 + floor(ln(days / 10) / ln(1.005)) END)::smallint
$$;--> statement-breakpoint
-- The UTC calendar day of a fecha_ingreso: the report's periods are UTC days.
CREATE FUNCTION utc_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (at AT TIME ZONE 'UTC')::date
$$;--> statement-breakpoint
-- Backfill, before the triggers exist: the current stage of every claim and every stored stay, one grouped pass each.
INSERT INTO "claim_day_counts" ("day", "status_id", "id_ejecutivo", "claims")
SELECT utc_day(fecha_ingreso), status_id, id_ejecutivo, count(*)::int FROM "claims" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "stay_day_bins" ("day", "status_id", "id_ejecutivo", "bin", "stays", "days")
SELECT utc_day(fecha_ingreso), status_id, id_ejecutivo, stay_bin(days), count(*)::int, sum(days) FROM "stage_stays" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE FUNCTION claim_day_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO claim_day_counts AS t (day, status_id, id_ejecutivo, claims)
  SELECT utc_day(fecha_ingreso), status_id, id_ejecutivo, count(*)::int FROM new_claims GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, status_id, id_ejecutivo) DO UPDATE SET claims = t.claims + excluded.claims;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION claim_day_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO claim_day_counts AS t (day, status_id, id_ejecutivo, claims)
  SELECT utc_day(fecha_ingreso), status_id, id_ejecutivo, -count(*)::int FROM old_claims GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, status_id, id_ejecutivo) DO UPDATE SET claims = t.claims + excluded.claims;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A claim that moves (its stage; fecha_ingreso and the executive never change after creation, but a test or a repair
-- may): one out of its old key, one into the new, summed per key and applied in key order in one statement, so two
-- transactions moving claims between the same keys take the rows' locks in the same order and cannot deadlock.
CREATE FUNCTION claim_day_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO claim_day_counts AS t (day, status_id, id_ejecutivo, claims)
  SELECT d.day, d.status_id, d.id_ejecutivo, sum(d.n)::int FROM (VALUES
    (utc_day(OLD.fecha_ingreso), OLD.status_id, OLD.id_ejecutivo, -1),
    (utc_day(NEW.fecha_ingreso), NEW.status_id, NEW.id_ejecutivo, 1)) AS d(day, status_id, id_ejecutivo, n)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, status_id, id_ejecutivo) DO UPDATE SET claims = t.claims + excluded.claims;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER claims_day_counts_insert AFTER INSERT ON "claims" REFERENCING NEW TABLE AS new_claims
  FOR EACH STATEMENT EXECUTE FUNCTION claim_day_counts_on_insert();--> statement-breakpoint
CREATE TRIGGER claims_day_counts_delete AFTER DELETE ON "claims" REFERENCING OLD TABLE AS old_claims
  FOR EACH STATEMENT EXECUTE FUNCTION claim_day_counts_on_delete();--> statement-breakpoint
-- Row by row, and only when a key changes: the other updates of a claim (its provider, updated_at…) cost nothing.
CREATE TRIGGER claims_day_counts_update AFTER UPDATE OF status_id, fecha_ingreso, id_ejecutivo ON "claims" FOR EACH ROW
  WHEN ((OLD.status_id, OLD.fecha_ingreso, OLD.id_ejecutivo) IS DISTINCT FROM (NEW.status_id, NEW.fecha_ingreso, NEW.id_ejecutivo))
  EXECUTE FUNCTION claim_day_counts_on_update();--> statement-breakpoint
-- The stays' histogram, from the stays a statement wrote (sign 1) or removed (sign -1).
CREATE FUNCTION stay_day_bins_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stay_day_bins AS t (day, status_id, id_ejecutivo, bin, stays, days)
  SELECT utc_day(fecha_ingreso), status_id, id_ejecutivo, stay_bin(days), count(*)::int, sum(days) FROM new_stays
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, status_id, id_ejecutivo, bin) DO UPDATE SET stays = t.stays + excluded.stays, days = t.days + excluded.days;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION stay_day_bins_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stay_day_bins AS t (day, status_id, id_ejecutivo, bin, stays, days)
  SELECT utc_day(fecha_ingreso), status_id, id_ejecutivo, stay_bin(days), -count(*)::int, -sum(days) FROM old_stays
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, status_id, id_ejecutivo, bin) DO UPDATE SET stays = t.stays + excluded.stays, days = t.days + excluded.days;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update (recordStageStays' upsert of a stay whose days changed): the old row out, the new one in, in key order.
CREATE FUNCTION stay_day_bins_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stay_day_bins AS t (day, status_id, id_ejecutivo, bin, stays, days)
  SELECT d.day, d.status_id, d.id_ejecutivo, d.bin, sum(d.n)::int, sum(d.days) FROM (VALUES
    (utc_day(OLD.fecha_ingreso), OLD.status_id, OLD.id_ejecutivo, stay_bin(OLD.days), -1, -OLD.days),
    (utc_day(NEW.fecha_ingreso), NEW.status_id, NEW.id_ejecutivo, stay_bin(NEW.days), 1, NEW.days)) AS d(day, status_id, id_ejecutivo, bin, n, days)
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, status_id, id_ejecutivo, bin) DO UPDATE SET stays = t.stays + excluded.stays, days = t.days + excluded.days;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER stage_stays_bins_insert AFTER INSERT ON "stage_stays" REFERENCING NEW TABLE AS new_stays
  FOR EACH STATEMENT EXECUTE FUNCTION stay_day_bins_on_insert();--> statement-breakpoint
CREATE TRIGGER stage_stays_bins_delete AFTER DELETE ON "stage_stays" REFERENCING OLD TABLE AS old_stays
  FOR EACH STATEMENT EXECUTE FUNCTION stay_day_bins_on_delete();--> statement-breakpoint
CREATE TRIGGER stage_stays_bins_update AFTER UPDATE ON "stage_stays" FOR EACH ROW
  WHEN ((OLD.status_id, OLD.days, OLD.fecha_ingreso, OLD.id_ejecutivo) IS DISTINCT FROM (NEW.status_id, NEW.days, NEW.fecha_ingreso, NEW.id_ejecutivo))
  EXECUTE FUNCTION stay_day_bins_on_update();--> statement-breakpoint
-- The claims of each list per block of 1,000 claim numbers (claim_number_blocks, docs/decisions/paged-lists.md "A page
-- by number"): scope 0 every claim (owner 0), 1 an executive's, 2 a provider's. claim_number_block is the one
-- definition of a block; server/domain/claims/claimList.ts reads a block as [block × 1000, block × 1000 + 999].
CREATE FUNCTION claim_number_block(id_evento integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT id_evento / 1000
$$;--> statement-breakpoint
INSERT INTO "claim_number_blocks" ("scope", "owner", "block", "claims")
SELECT s.scope, s.owner, claim_number_block(c.id_evento), count(*)::int
FROM "claims" c CROSS JOIN LATERAL (VALUES (0::smallint, 0), (1::smallint, c.id_ejecutivo), (2::smallint, c.id_proveedor)) AS s(scope, owner)
WHERE s.owner IS NOT NULL GROUP BY 1, 2, 3;--> statement-breakpoint
-- A claim's entries in the three lists, with `sign` 1 (it arrives) or -1 (it leaves), applied in key order.
CREATE FUNCTION claim_number_blocks_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO claim_number_blocks AS t (scope, owner, block, claims)
  SELECT s.scope, s.owner, claim_number_block(c.id_evento), count(*)::int
  FROM new_claims c CROSS JOIN LATERAL (VALUES (0::smallint, 0), (1::smallint, c.id_ejecutivo), (2::smallint, c.id_proveedor)) AS s(scope, owner)
  WHERE s.owner IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (scope, owner, block) DO UPDATE SET claims = t.claims + excluded.claims;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION claim_number_blocks_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO claim_number_blocks AS t (scope, owner, block, claims)
  SELECT s.scope, s.owner, claim_number_block(c.id_evento), -count(*)::int
  FROM old_claims c CROSS JOIN LATERAL (VALUES (0::smallint, 0), (1::smallint, c.id_ejecutivo), (2::smallint, c.id_proveedor)) AS s(scope, owner)
  WHERE s.owner IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (scope, owner, block) DO UPDATE SET claims = t.claims + excluded.claims;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A provider reassigned (or an executive, a number: only tests and repairs do that): out of the old lists, into the new.
CREATE FUNCTION claim_number_blocks_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO claim_number_blocks AS t (scope, owner, block, claims)
  SELECT d.scope, d.owner, d.block, sum(d.n)::int FROM (VALUES
    (0::smallint, 0, claim_number_block(OLD.id_evento), -1),
    (1::smallint, OLD.id_ejecutivo, claim_number_block(OLD.id_evento), -1),
    (2::smallint, OLD.id_proveedor, claim_number_block(OLD.id_evento), -1),
    (0::smallint, 0, claim_number_block(NEW.id_evento), 1),
    (1::smallint, NEW.id_ejecutivo, claim_number_block(NEW.id_evento), 1),
    (2::smallint, NEW.id_proveedor, claim_number_block(NEW.id_evento), 1)) AS d(scope, owner, block, n)
  WHERE d.owner IS NOT NULL GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (scope, owner, block) DO UPDATE SET claims = t.claims + excluded.claims;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER claims_number_blocks_insert AFTER INSERT ON "claims" REFERENCING NEW TABLE AS new_claims
  FOR EACH STATEMENT EXECUTE FUNCTION claim_number_blocks_on_insert();--> statement-breakpoint
CREATE TRIGGER claims_number_blocks_delete AFTER DELETE ON "claims" REFERENCING OLD TABLE AS old_claims
  FOR EACH STATEMENT EXECUTE FUNCTION claim_number_blocks_on_delete();--> statement-breakpoint
CREATE TRIGGER claims_number_blocks_update AFTER UPDATE OF id_evento, id_ejecutivo, id_proveedor ON "claims" FOR EACH ROW
  WHEN ((OLD.id_evento, OLD.id_ejecutivo, OLD.id_proveedor) IS DISTINCT FROM (NEW.id_evento, NEW.id_ejecutivo, NEW.id_proveedor))
  EXECUTE FUNCTION claim_number_blocks_on_update();--> statement-breakpoint
ANALYZE "claim_number_blocks";--> statement-breakpoint
ANALYZE "claim_day_counts";--> statement-breakpoint
ANALYZE "stay_day_bins";
