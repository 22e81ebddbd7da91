import { Outlet } from "react-router";

/** Parent of child routes whose own shell (checkout steps, auth box, member menu) is not built yet. */
export default function PlaceholderLayout() {
  return <Outlet />;
}
