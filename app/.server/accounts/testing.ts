/**
 * For tests only: accounts made directly in a test's database are hashed at the lowest cost (decision 0050). A
 * sign-in checks a hash with the cost stored in it, so signing in as such an account is as cheap, in a test's
 * process and in a shop started by an end-to-end test alike; the production cost is tested in passwords.test.ts.
 */
import { LOWEST_PASSWORD_HASH_COST } from "../config";
import { hashPassword } from "./passwords";

export const testPasswordHash = (password: string) => hashPassword(password, LOWEST_PASSWORD_HASH_COST);
