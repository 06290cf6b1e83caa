import { Navigate } from "react-router";

/** Spec 2: any unknown path redirects to /. */
export default function NotFound() {
  return <Navigate to="/" replace />;
}
