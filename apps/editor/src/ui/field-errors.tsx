/** The API's messages for one field, tied to its input by `id` (aria-describedby). */
export function FieldErrors({ id, errors }: { id: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <p id={id} className="field-error">
      {errors.join('; ')}
    </p>
  );
}
