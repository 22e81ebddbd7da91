import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A directory holding one empty file per page signature that passed axe in this run (tests/e2e/browser.ts). */
    axeSeenDir: string;
  }
}

/** Global setup of the e2e project: the run's record of pages that already passed axe, shared by the workers. */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), "shop-axe-seen-"));
  project.provide("axeSeenDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
