import type { Scrobbler } from '@cadenza/contracts/scrobbling';
import { Radio } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { showError } from '../../../app/error-handling/handle-error';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button';
import { PanelLoadError } from '../../../ui/panel-load-error';
import { SettingsPanel } from '../../../ui/settings-panel';
import { Skeleton } from '../../../ui/skeleton';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import {
  lastFmSignInUrl,
  useConnectLastFm,
  useConnectListenBrainz,
  useDisconnectScrobbler,
  useScrobblers,
} from '../api/scrobbling-api';
import { browserLocation } from '../../../app/browser-location';

const NAMES = { listenbrainz: 'ListenBrainz', lastfm: 'Last.fm' } as const;

/** Finishes Last.fm's sign-in when it sends the browser back here with its token. */
function useLastFmReturn() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const connect = useConnectLastFm();
  const handled = useRef(false);
  const token = params.get('connect') === 'lastfm' ? params.get('token') : null;
  const state = params.get('state');
  useEffect(() => {
    if (!token || !state || handled.current) return;
    handled.current = true;
    connect.mutate(
      { token, state },
      {
        onSuccess: () => toast.positive(t('Last.fm connected')),
        onError: (error) => showError(error, t),
        onSettled: () => void navigate({ search: '', hash: 'scrobbling' }, { replace: true }),
      },
    );
  }, [token, state, connect, navigate, t]);
  return connect.isPending;
}

function ListenBrainzConnect() {
  const { t } = useTranslation();
  const connect = useConnectListenBrainz();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!token.trim()) return;
    connect.mutate(token.trim(), {
      onSuccess: () => {
        setToken('');
        setError(null);
        toast.positive(t('ListenBrainz connected'));
      },
      onError: (failure) => {
        const message = isApiError(failure) ? failure.fieldErrors.token : undefined;
        if (message) setError(message);
        else showError(failure, t);
      },
    });
  };
  return (
    <form className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={submit} noValidate>
      <TextField
        className="flex-1"
        label={t('ListenBrainz user token')}
        description={t('Copy it from the settings page of your ListenBrainz account.')}
        type="password"
        autoComplete="off"
        value={token}
        errorMessage={error ? t(error) : undefined}
        onChange={(event) => {
          setToken(event.target.value);
          setError(null);
        }}
      />
      <Button
        type="submit"
        className="sm:mt-7"
        disabled={!token.trim()}
        isLoading={connect.isPending}
      >
        {t('Connect')}
      </Button>
    </form>
  );
}

function LastFmConnect() {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const signIn = async () => {
    setLeaving(true);
    try {
      browserLocation.assign(await lastFmSignInUrl());
    } catch (error) {
      setLeaving(false);
      showError(error, t);
    }
  };
  return (
    <Button variant="outline" isLoading={leaving} onClick={() => void signIn()}>
      {t('Connect Last.fm')}
    </Button>
  );
}

function ServiceRow({ scrobbler }: { scrobbler: Scrobbler }) {
  const { t } = useTranslation();
  const disconnect = useDisconnectScrobbler();
  const name = NAMES[scrobbler.service];
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex items-center gap-3">
        <Radio size={20} aria-hidden className="shrink-0 text-fg-muted" />
        <div className="min-w-0 flex-1">
          <p className="font-medium">{name}</p>
          <p className="text-sm text-fg-muted">
            {scrobbler.connected
              ? t('Connected as {{name}}', { name: scrobbler.username ?? '' })
              : t('Not connected')}
          </p>
        </div>
        {scrobbler.connected && (
          <Button
            variant="text"
            isLoading={disconnect.isPending}
            aria-label={t('Disconnect {{service}}', { service: name })}
            onClick={() =>
              disconnect.mutate(scrobbler.service, {
                onSuccess: () => toast.positive(t('{{service}} disconnected', { service: name })),
                onError: (error) => showError(error, t),
              })
            }
          >
            {t('Disconnect')}
          </Button>
        )}
        {!scrobbler.connected && scrobbler.service === 'lastfm' && scrobbler.available && (
          <LastFmConnect />
        )}
      </div>
      {!scrobbler.connected && scrobbler.service === 'listenbrainz' && <ListenBrainzConnect />}
    </li>
  );
}

/**
 * Account settings' "Scrobbling": the listening services (ListenBrainz by its user token,
 * Last.fm by its sign-in page) that each counted play is sent to.
 */
export function ScrobblingPanel() {
  const { t } = useTranslation();
  const scrobblers = useScrobblers();
  const finishing = useLastFmReturn();
  return (
    <SettingsPanel
      id="scrobbling"
      title={t('Scrobbling')}
      description={t(
        'Send what you listen to, here and in music apps, to ListenBrainz or Last.fm.',
      )}
    >
      {scrobblers.isPending || finishing ? (
        <div aria-busy className="flex flex-col gap-3">
          <Skeleton variant="text" className="w-64" />
          <Skeleton variant="text" className="w-48" />
        </div>
      ) : scrobblers.isError ? (
        <PanelLoadError onRetry={() => void scrobblers.refetch()} />
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {scrobblers.data
            .filter((scrobbler) => scrobbler.available || scrobbler.connected)
            .map((scrobbler) => (
              <ServiceRow key={scrobbler.service} scrobbler={scrobbler} />
            ))}
        </ul>
      )}
    </SettingsPanel>
  );
}
