/**
 * What an action answers to a form: whether it did what was asked, the sentence to show,
 * and after a refusal what is wrong with each field and what was sent (to fill the form
 * again). Every back-office form answers in this shape.
 */
export type FormAnswer<Field extends string = string> = {
  ok: boolean;
  message: string;
  fields?: Partial<Record<Field, string>>;
  values?: Record<string, string>;
  /** Which of a page's forms was answered, when the page must tell (to empty a field). */
  intent?: string;
  /** The person's session had ended when the form arrived: nothing was done. */
  signedOut?: boolean;
};

/**
 * Said, instead of leaving for the sign-in page, when a form sent from a page with unsaved
 * work finds the session ended (expired, or signed out in another tab): the page and what
 * was typed stay, and signing in again in another tab lets the same page send it.
 */
export const signedOutAnswer: FormAnswer = {
  ok: false,
  message:
    "Not done: you have been signed out. Sign in again in a new tab, then try again here: what you typed is still on this page.",
  signedOut: true,
};

/** Whether a response thrown by the router is its redirect to the sign-in page. */
function isSignInRedirect(thrown: unknown): boolean {
  return (
    thrown instanceof Response &&
    /^\/admin\/sign-in(?:[?#]|$)/.test(thrown.headers.get("Location") ?? "")
  );
}

/**
 * A back-office route's `clientAction`: its server action, except that a form finding the
 * session ended answers `signedOutAnswer` instead of following the server to the sign-in
 * page (which would take the page, and what was typed in it, away). Pair it with
 * `keepPageWhenSignedOut` as the route's `shouldRevalidate`.
 */
export async function stayWhenSignedOut<Answer>({
  serverAction,
}: {
  serverAction: () => Promise<Answer>;
}): Promise<Answer | FormAnswer> {
  try {
    return await serverAction();
  } catch (thrown) {
    if (isSignInRedirect(thrown)) return signedOutAnswer;
    throw thrown;
  }
}

/**
 * For the back office's routes: after a form answered `signedOutAnswer`, the page's data is
 * not asked for again (the server would send the page to sign-in, and what was typed with it).
 */
export function keepPageWhenSignedOut({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  const signedOut =
    typeof actionResult === "object" &&
    actionResult !== null &&
    (actionResult as FormAnswer).signedOut === true;
  return signedOut ? false : defaultShouldRevalidate;
}
