import { Field, Input } from "#app/components/ui/field.tsx";

/**
 * A lead's LinkedIn profile address, typed or pasted as people copy it (the server reads it
 * with `linkedinProfileSchema`, app/.server/leads/assignment.ts): on the lead's page and in the form that adds a lead by hand.
 */
export function LinkedInField({
  id,
  label,
  error,
  defaultValue,
}: {
  id: string;
  label: string;
  error?: string;
  defaultValue?: string;
}) {
  return (
    <Field
      id={id}
      label={label}
      hint="Its address, such as linkedin.com/in/dana-whitfield."
      error={error}
    >
      {(control) => (
        <Input
          {...control}
          name="linkedin"
          inputMode="url"
          autoComplete="off"
          defaultValue={defaultValue}
        />
      )}
    </Field>
  );
}
