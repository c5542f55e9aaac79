/**
 * Whether a field shows something else than the server rendered:
 * what was typed before the page's scripts started (hydration keeps it in the field).
 */
export function changedSinceServer(field: Element): boolean {
  if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
  if (!(field instanceof HTMLInputElement)) return false;
  if (field.type === "checkbox" || field.type === "radio") {
    return field.checked !== field.defaultChecked;
  }
  if (["hidden", "file", "submit", "reset", "button", "image"].includes(field.type)) return false;
  return field.value !== field.defaultValue;
}
