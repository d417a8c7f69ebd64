/** A form's own error (not of one field), in the same words and place on every form: above its actions. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-[13px] text-danger">
      {message}
    </p>
  );
}
