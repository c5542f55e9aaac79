// Apart from cta.ts (which builds links with React Router) so that the events thread can
// check a name without loading React Router.

/** A call to action's name: lower-case letters, digits and hyphens, at most 64. */
export const ctaPattern = /^[a-z0-9-]{1,64}$/;
