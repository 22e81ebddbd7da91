-- Decision 0055: a statement that makes several modules' changes at once (the order with its payment's booking
-- and its hold) refuses itself when one of them could not happen: this raises SQLSTATE P0001 with `reason`, so the
-- whole statement is rolled back and the caller reads why. Used as an expression: `shop_refuse('hold moved')`.
CREATE FUNCTION shop_refuse(reason text) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'shop_refuse: ' || reason;
END
$$;
