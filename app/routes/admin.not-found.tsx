import { data } from "react-router";

/** Any other back-office address, for a signed-in person: the back office's own 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
