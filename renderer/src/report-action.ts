/**
 * Runs a window action and reports its outcome in a status line: the refusal's message (or the
 * error) when it did not work, nothing when it did.
 */
export function reportAction(
  action: Promise<{ ok: boolean; message?: string }>,
  setMessage: (message: string | null) => void,
): void {
  void action.then(
    (answer) => setMessage(answer.ok ? null : (answer.message ?? null)),
    (error: unknown) => setMessage(String(error)),
  );
}
