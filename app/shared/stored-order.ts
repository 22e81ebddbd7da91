import { z } from "zod";

/**
 * What an order keeps as JSON, read back with a schema (one copy for every reader: the printable invoice and the
 * e-Arşiv document). `addressObj` of SPEC §3 as stored with the order; missing fields read as empty.
 */
export const storedAddress = z
  .object({
    delFullName: z.string(),
    delAddress: z.string(),
    delCityName: z.string(),
    delCountyName: z.string(),
    delNeighName: z.string(),
    delPhoneNumber: z.string(),
    invFullName: z.string(),
    invAddress: z.string(),
    invCityName: z.string(),
    invCountyName: z.string(),
    invNeighName: z.string(),
    invPhoneNumber: z.string(),
    firmName: z.string(),
    taxAuthority: z.string(),
    TID: z.string(),
    isSingleAddress: z.union([z.literal(0), z.literal(1)]),
  })
  .partial();

/** The order's tax snapshot: the delivery fee's KDV rate (basis points) when the order was placed. */
export const storedTax = z.object({ deliveryRateBp: z.number().int().min(0).max(10_000) }).partial();
