/**
 * What a failed save said, beside the control that failed (useSaveError). Not a live region: the
 * toast has said it once; this stays for whoever looks, and the control names it as its description
 * (aria-describedby={id}).
 */
export function SaveError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="basis-full text-sm font-medium text-red-800">
      {message}
    </p>
  );
}
