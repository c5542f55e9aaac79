/**
 * A saved reply made ready for one lead: `{name}` becomes their first name ("there" when
 * they gave none), so "Hi {name}," reads "Hi Dana,".
 */
export function fillReplyTemplate(body: string, lead: { name: string }): string {
  const first = lead.name.trim().split(/\s+/)[0] || "there";
  return body.replace(/\{name\}/g, first);
}
