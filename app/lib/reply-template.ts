/**
 * A saved reply made ready for one lead: `{name}` becomes their first name ("there" when
 * they gave none), so "Hi {name}," reads "Hi Dana,".
 */
export function fillReplyTemplate(body: string, lead: { name: string }): string {
  const first = lead.name.trim().split(/\s+/)[0] || "there";
  return body.replace(/\{name\}/g, first);
}

/**
 * The reply once a saved reply is chosen: the template alone when nothing is written yet or
 * what is there is another template left as it was (choosing again swaps it); unchanged when
 * the template is already in it (choosing twice does not add it twice); else added below
 * what was written.
 */
export function withTemplate(current: string, template: string, templates: string[]): string {
  const written = current.trim();
  if (!written || templates.some((other) => other.trim() === written)) return template;
  if (current.includes(template.trim())) return current;
  return `${current.trimEnd()}\n\n${template}`;
}
