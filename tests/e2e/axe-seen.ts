import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A directory holding one empty file per page signature that passed axe (tests/e2e/browser.ts). */
    axeSeenDir: string;
  }
}

/**
 * Global setup of the e2e project: the record of pages that already passed axe, shared by the workers. By default
 * it lasts one run. `AXE_SEEN_DIR` names a directory that outlives the run: CI (`.ci/run`) gives both of its passes
 * (PGlite, then PostgreSQL) the same one, so a page the first pass analysed is not analysed again by the second.
 * The signature includes the axe-core and Chromium versions, so a shared record never answers for another version.
 */
export default function setup(project: TestProject): (() => void) | undefined {
  const shared = process.env.AXE_SEEN_DIR;
  if (shared) {
    mkdirSync(shared, { recursive: true });
    project.provide("axeSeenDir", shared);
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), "shop-axe-seen-"));
  project.provide("axeSeenDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
