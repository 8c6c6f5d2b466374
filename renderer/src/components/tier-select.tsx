import { ATTENTION_TEXT } from '../../../shared/i18n/window/attention';
import { RoomTier } from '../../../shared/room-tier';
import { useApp } from '../app-context';

/** A room's tier (favourite, normal, quiet) as a small select in its row. */
export function TierSelect({
  roomId,
  tier,
  onTier,
}: {
  roomId: number;
  tier: RoomTier;
  onTier: (tier: RoomTier) => void;
}) {
  const { language } = useApp();
  const t = ATTENTION_TEXT[language];
  return (
    <select
      class={`select select-small tier-select tier-${tier}`}
      tabIndex={-1}
      aria-label={`${t.tierLabel} (${roomId})`}
      value={tier}
      onChange={(event) => onTier(event.currentTarget.value as RoomTier)}
    >
      {RoomTier.options.map((option) => (
        <option key={option} value={option}>
          {t.tiers[option]}
        </option>
      ))}
    </select>
  );
}
