// Text from visitors printed in an operator's terminal. Control characters could move the
// cursor, recolour or hide lines (ESC sequences, the C1 range) and bidirectional overrides
// could show text in another order than it was written, so every such character is shown
// as a visible escape like \u{202e} instead of being printed.

const unsafeAnywhere =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;
const lineBreaks = /[\n\t]/g;

const visibleEscape = (character: string) =>
  `\\u{${character.codePointAt(0)?.toString(16).padStart(4, "0")}}`;

/** A value for one line of output: line breaks and tabs are escaped too. */
export function printableLine(text: string): string {
  return text.replace(unsafeAnywhere, visibleEscape).replace(lineBreaks, visibleEscape);
}

/** A multi-line value (a message body): keeps its line breaks and tabs. */
export function printableText(text: string): string {
  return text.replace(unsafeAnywhere, visibleEscape);
}
