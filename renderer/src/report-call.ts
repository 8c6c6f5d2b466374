/**
 * Reports a call's outcome in a status line: the refusal's message (or the error) when it did not
 * work, nothing when it did.
 */
export function reportCall(
  call: Promise<{ ok: boolean; message?: string }>,
  setMessage: (message: string | null) => void,
): void {
  void call.then(
    (answer) => setMessage(answer.ok ? null : (answer.message ?? null)),
    (error: unknown) => setMessage(String(error)),
  );
}
