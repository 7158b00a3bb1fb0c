import { Link } from 'react-router';
import { useTranslation } from '../../../../i18n/use-translation';
import { useRadioStations } from '../../radio/radio-api';
import { CARD_GRID } from '../common/components/cover-card';
import { StationCard } from '../radio-stations/radio-stations-screen';

/** Stations shown on discover before "Show all": one row on a wide screen. */
const SHOWN = 6;

/**
 * The site's radio stations on discover, when it has some: on a phone, whose tab bar has no room
 * for them, this is the way to the stations.
 */
export function LiveRadio() {
  const { t } = useTranslation();
  const { data: stations } = useRadioStations();
  if (!stations || stations.length === 0) return null;
  return (
    <section aria-labelledby="live-radio" className="mt-10">
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 id="live-radio" className="text-2xl font-bold">
          {t('Live radio')}
        </h2>
        {stations.length > SHOWN && (
          <Link
            to="/radio-stations"
            className="text-sm font-semibold text-fg-muted hover:text-fg hover:underline"
          >
            {t('See all')}
          </Link>
        )}
      </div>
      <ul className={CARD_GRID} aria-label={t('Live radio')}>
        {stations.slice(0, SHOWN).map((station) => (
          <li key={station.id}>
            <StationCard station={station} />
          </li>
        ))}
      </ul>
    </section>
  );
}
