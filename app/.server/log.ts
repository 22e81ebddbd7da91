import { pino, type Logger } from "pino";

export type { Logger };

/** Paths whose values never reach the log: card data, passwords, tokens, cookies. */
export const REDACT_PATHS = [
  "password",
  "*.password",
  "*.newPass",
  "*.pass",
  "*.cardNumber",
  "*.creditCardNumber",
  "*.secCode",
  "*.cvc",
  "*.cvv",
  "card.number",
  "card.cvc",
  "*.card.number",
  "*.card.cvc",
  "*.token",
  "*.code",
  "req.headers.cookie",
  "req.headers.authorization",
  "headers.cookie",
  "headers.authorization",
  "res.headers['set-cookie']",
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { app: "shop" },
      redact: { paths: REDACT_PATHS, censor: "[gizli]" },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
