import { STATUS_CODES } from "node:http";
import { data } from "react-router";

/**
 * A 4xx answer thrown from a loader or action, with its status text: a thrown `data()` without one reaches a data
 * request as an error named 'Internal Server Error'. `throw refusal(body, 403)`; lint refuses `throw data(…)`.
 */
export function refusal<T>(body: T, status: number, init: { headers?: HeadersInit } = {}) {
  return data(body, { ...init, status, statusText: STATUS_CODES[status] ?? "Error" });
}
