import { redirect } from "react-router";

/** Bare /agreement opens the first agreement text (privacy). */
export const loader = () => redirect("/agreement/nda");
