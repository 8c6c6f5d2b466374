import { PICTURE_STRINGS } from '../../../shared/i18n/window/pictures';
import { useApp } from '../app-context';
import { CheckField, Section, TextField } from '../components/fields';
import { errorsFor } from '../field-errors';
import type { SectionProps } from './section-props';

/** Whether the app fetches avatars and covers, and from which live API (a mirror). */
export function PicturesSection({ draft, update, errors, locked }: SectionProps) {
  const { language } = useApp();
  const s = PICTURE_STRINGS[language];
  return (
    <Section id="settings-pictures" title={s.section}>
      <CheckField
        id="pictures-enabled"
        label={s.enabled}
        hint={s.enabledHint}
        checked={draft.picturesEnabled}
        onChecked={(picturesEnabled) => update({ picturesEnabled })}
        errors={errorsFor(errors, 'pictures.enabled')}
        disabled={locked('pictures.enabled')}
      />
      <TextField
        id="live-api-host"
        label={s.liveApiHost}
        hint={s.liveApiHostHint}
        inputMode="url"
        value={draft.liveApiHost}
        onValue={(liveApiHost) => update({ liveApiHost })}
        errors={errorsFor(errors, 'pictures.liveApiHost')}
        locked={locked('pictures.liveApiHost')}
      />
    </Section>
  );
}
