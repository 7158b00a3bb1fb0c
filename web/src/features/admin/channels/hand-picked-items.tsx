import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { showError } from '../../../app/error-handling/handle-error';
import { IconButton } from '../../../ui/button';
import { ItemSearch } from '../../../ui/search-picker';
import { moved, ReorderList } from '../components/reorder-list';
import { findItems, type ChannelDraft, type ItemRef } from './channels-api';
import { CONTENT_LABELS } from './channel-labels';

/** The items of a channel filled by hand: found by name, added, ordered, removed. */
export function HandPicked({
  type,
  items,
  names,
  error,
  onChange,
}: {
  type: ChannelDraft['content_type'];
  items: ItemRef[];
  names: Map<string, string>;
  error: string | undefined;
  onChange: (items: ItemRef[]) => void;
}) {
  const { t } = useTranslation();
  const [added, setAdded] = useState(new Map<string, string>());
  const nameOf = (item: ItemRef) =>
    added.get(`${item.type}:${item.id}`) ?? names.get(`${item.type}:${item.id}`) ?? `#${item.id}`;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{t('Items')}</legend>
      <ItemSearch
        searchLabel={t('Find {{type}}', { type: t(CONTENT_LABELS[type]).toLowerCase() })}
        resultsLabel={t('Results')}
        find={(query) => findItems(type, query)}
        onFailure={(failure) => showError(failure, t)}
        action={{
          label: t('Add'),
          labelFor: (result) => t('Add {{name}}', { name: result.name }),
          icon: <Plus size={14} />,
          disabled: (result) => items.some((item) => item.id === result.id),
          run: (result) => {
            setAdded(new Map(added).set(`${type}:${result.id}`, result.name));
            onChange([...items, { type, id: result.id }]);
          },
        }}
      />
      {items.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('No items yet. Search to add some.')}</p>
      ) : (
        <ReorderList
          items={items}
          label={t('Channel items')}
          keyOf={(item) => `${item.type}:${item.id}`}
          nameOf={nameOf}
          onMove={(from, to) => onChange(moved(items, from, to))}
          actions={(item, i) => (
            <IconButton
              label={t('Remove {{name}}', { name: nameOf(item) })}
              size="xs"
              onClick={() => onChange(items.filter((_, j) => j !== i))}
            >
              <Trash2 size={16} aria-hidden />
            </IconButton>
          )}
        >
          {(item) => <span className="min-w-0 flex-1 truncate">{nameOf(item)}</span>}
        </ReorderList>
      )}
      {error && <p className="text-sm text-danger">{error}</p>}
    </fieldset>
  );
}
