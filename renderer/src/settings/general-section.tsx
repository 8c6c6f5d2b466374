import { LANGUAGE_NAMES } from '../../../shared/i18n/window';
import { Language } from '../../../shared/settings';
import { useApp } from '../app-context';
import { CheckField, FieldNotes, Section } from '../components/fields';
import { errorsFor } from '../field-errors';
import type { SectionProps } from './section-props';

/** Language (applied at once), start at login, and about this copy of the app. */
export function GeneralSection({ draft, update, errors }: SectionProps) {
  const { settings, saveSettings, info, strings } = useApp();
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
      {info ? (
        <dl class="about">
          <dt>{s.version}</dt>
          <dd>{info.version}</dd>
          <dt>{s.dataDir}</dt>
          <dd class="input-mono" data-content>
            {info.dataDir}
          </dd>
        </dl>
      ) : null}
    </Section>
  );
}
