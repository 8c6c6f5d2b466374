import type { ComponentChildren } from 'preact';
import { useApp } from '../app-context';

/**
 * Whether a launch option (a headless `--config` file, a flag) fixes the setting at `prefix` or
 * anything inside it: `jobs.rules` is fixed by a file that sets `jobs.rules`, and
 * `jobs.tools` by one that sets `jobs.tools.ffmpeg`. The file wins again at every start,
 * so the window shows such settings without letting them be edited.
 */
export function useLockedUnder(): (prefix: string) => boolean {
  const { info } = useApp();
  const paths = info?.lockedSettings ?? [];
  return (prefix) =>
    paths.some(
      (path) =>
        path === prefix ||
        path.startsWith(`${prefix}.`) ||
        path.startsWith(`${prefix}[`) ||
        prefix.startsWith(`${path}.`),
    );
}

/** Fields shown as they are and not editable (every control inside disabled), and why. */
export function LockedGroup({
  locked,
  children,
}: {
  locked: boolean;
  children: ComponentChildren;
}) {
  const { strings } = useApp();
  if (!locked) return <>{children}</>;
  return (
    <fieldset class="fieldset is-locked" disabled>
      <p class="field-hint">
        <span aria-hidden="true">🔒 </span>
        {strings.setup.lockedHint}
      </p>
      {children}
    </fieldset>
  );
}
