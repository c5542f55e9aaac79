// Until the post editor moves to Input/Textarea (field.tsx), its class name stays here.
export { fieldClass } from "#app/components/ui/field.tsx";
