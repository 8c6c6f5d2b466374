import type { AppState } from '../../../shared/app-state';
import { LANGUAGE_NAMES } from '../../../shared/i18n/window';
import { Language } from '../../../shared/settings';
import { useApp } from '../app-context';
import { CheckField, FieldNotes, Section, TextField } from '../components/fields';
import { errorsFor } from '../field-errors';
import type { SectionProps } from './section-props';

/** Language (applied at once), start at login, updates, and about this copy of the app. */
export function GeneralSection({ draft, update, errors, locked }: SectionProps) {
  const { settings, saveSettings, info, strings, state } = useApp();
  const s = strings.settings;
  const choice = settings?.language ?? 'system';

  return (
    <Section id="settings-general" title={s.generalSection}>
      <div class="field">
        <label for="language" class="field-label">
          {s.language}
        </label>
        <select
          id="language"
          class="input"
          value={choice}
          onChange={(event) => {
            const parsed = Language.safeParse(event.currentTarget.value);
            void saveSettings({ language: parsed.success ? parsed.data : null });
          }}
        >
          <option value="system">{s.languageSystem}</option>
          {Language.options.map((language) => (
            <option key={language} value={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
        <FieldNotes id="language" errors={errorsFor(errors, 'language')} />
      </div>
      <CheckField
        id="start-at-login"
        label={s.startAtLogin}
        checked={draft.startAtLogin}
        onChecked={(startAtLogin) => update({ startAtLogin })}
        errors={errorsFor(errors, 'startAtLogin')}
      />
      <CheckField
        id="updates-check"
        label={s.updatesCheck}
        hint={s.updatesCheckHint}
        checked={draft.updatesCheck}
        disabled={locked('updates.check')}
        onChecked={(updatesCheck) => update({ updatesCheck })}
        errors={errorsFor(errors, 'updates.check')}
      />
      <TextField
        id="updates-feed-url"
        label={s.updatesFeedUrl}
        hint={s.updatesFeedUrlHint}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={draft.updatesFeedUrl}
        locked={locked('updates.feedUrl')}
        onValue={(updatesFeedUrl) => update({ updatesFeedUrl })}
        errors={errorsFor(errors, 'updates.feedUrl')}
      />
      {info ? (
        <dl class="about">
          <dt>{s.version}</dt>
          <dd id="about-version">{info.version}</dd>
          <dt>{s.dataDir}</dt>
          <dd class="input-mono" data-content>
            {info.dataDir}
          </dd>
        </dl>
      ) : null}
      {state.update ? <UpdateNotes update={state.update} /> : null}
    </Section>
  );
}

/**
 * An update for the user: its version, how it is taken (restart, install when chosen, or download
 * by hand), why the last try to install it failed, and its release notes as plain text (the notes
 * come from the release feed: never rendered as HTML).
 */
function UpdateNotes({ update }: { update: NonNullable<AppState['update']> }) {
  const s = useApp().strings.settings;
  const [ready, hint] =
    update.action === 'install'
      ? [s.updateInstallReady(update.version), s.updateInstallHint]
      : update.action === 'download'
        ? [s.updateAvailable(update.version), s.updateDownloadHint]
        : [s.updateReady(update.version), s.updateRestartHint];
  return (
    <section class="update-notes" id="update-notes" aria-labelledby="update-notes-title">
      <p id="update-notes-title" class="update-ready">
        {ready}
      </p>
      <p class="field-hint">{hint}</p>
      {update.failed !== undefined ? (
        <p class="field-hint" id="update-failed" role="status" data-content>
          {s.updateFailed(update.failed)}
        </p>
      ) : null}
      {update.notes ? (
        <>
          <h3 class="update-notes-heading">{s.releaseNotes}</h3>
          <p class="update-notes-text" data-content>
            {update.notes}
          </p>
        </>
      ) : null}
    </section>
  );
}
