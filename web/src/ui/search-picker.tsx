import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Button } from './button';
import { TextField } from './text-field';

export interface Pickable {
  id: number;
  name: string;
}

/** A search by name and its results, each with one action (choose it, add it…). */
export function ItemSearch<T extends Pickable>({
  searchLabel,
  resultsLabel,
  find,
  onFailure,
  action,
}: {
  searchLabel: string;
  resultsLabel: string;
  find: (query: string) => Promise<T[]>;
  /** A search that failed (shown by the caller, as its other failures are). */
  onFailure: (failure: unknown) => void;
  action: {
    label: string;
    /** The action's accessible name for one result. */
    labelFor: (item: T) => string;
    icon?: ReactNode;
    /** A result the action does not apply to (already added, say). */
    disabled?: (item: T) => boolean;
    run: (item: T) => void;
  };
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<T[] | null>(null);
  const search = () => void find(query).then(setFound, onFailure);
  return (
    <>
      <div className="flex items-end gap-2">
        <TextField
          className="flex-1"
          label={searchLabel}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              search();
            }
          }}
        />
        <Button variant="outline" onClick={search}>
          {t('Search')}
        </Button>
      </div>
      {found && found.length === 0 && (
        <p className="text-sm text-fg-muted">{t('Nothing found.')}</p>
      )}
      {found && found.length > 0 && (
        <ul aria-label={resultsLabel} className="flex flex-col gap-1">
          {found.map((result) => (
            <li key={result.id} className="flex items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 truncate">{result.name}</span>
              <Button
                size="sm"
                variant="text"
                startIcon={action.icon}
                disabled={action.disabled?.(result)}
                onClick={() => action.run(result)}
                aria-label={action.labelFor(result)}
              >
                {action.label}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** One thing chosen by searching for it by name: what is chosen, a search, and its results. */
export function SearchPicker<T extends Pickable>({
  legend,
  chosen,
  hint,
  searchLabel,
  resultsLabel,
  find,
  onChoose,
  onFailure,
  error,
}: {
  legend: string;
  chosen: string | null;
  /** Shown while nothing is chosen. */
  hint: string;
  searchLabel: string;
  resultsLabel: string;
  find: (query: string) => Promise<T[]>;
  onChoose: (item: T) => void;
  /** A search that failed (shown by the caller, as its other failures are). */
  onFailure: (failure: unknown) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <p className="text-sm" aria-live="polite">
        {chosen ? (
          <span className="font-medium">{chosen}</span>
        ) : (
          <span className="text-fg-muted">{hint}</span>
        )}
      </p>
      <ItemSearch
        searchLabel={searchLabel}
        resultsLabel={resultsLabel}
        find={find}
        onFailure={onFailure}
        action={{
          label: t('Choose'),
          labelFor: (item) => t('Choose {{name}}', { name: item.name }),
          run: onChoose,
        }}
      />
      {error && <p className="text-sm text-danger">{error}</p>}
    </fieldset>
  );
}
