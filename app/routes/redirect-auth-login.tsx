import { redirect } from "react-router";

/** `/auth` and unknown `/auth/x` go to the sign-in form; the query (returnUrl) is kept. */
export const loader = ({ request }: { request: Request }) => redirect(`/auth/login${new URL(request.url).search}`);
