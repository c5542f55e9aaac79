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
};
