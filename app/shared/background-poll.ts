/**
 * Header a page's background polling sends (the staff area's order alerts): the server does not count such a
 * request as activity, so an open tab does not keep a signed-in session alive past its idle limit.
 */
export const BACKGROUND_POLL_HEADER = "x-background-poll";
