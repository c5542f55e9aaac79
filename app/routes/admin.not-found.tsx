import { data } from "react-router";

/** Any other back-office address, for a signed-in person: the back office's own 404. */
export function loader() {
  throw data(null, { status: 404 });
}

// A form posted to an address that does not exist: still "page not found", not a 405.
export const action = loader;

export default function NotFound() {
  return null;
}
