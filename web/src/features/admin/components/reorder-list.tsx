import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { IconButton } from '../../../ui/button';
import { cn } from '../../../ui/cn';

/** The list with the item at `from` moved to `to`; the same list when either is out of range. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * An ordered list an editor rearranges: by dragging a row onto another, or with the up and down
 * buttons (the keyboard's way). Each row shows its content and its own actions after the arrows.
 */
export function ReorderList<T>({
  items,
  label,
  keyOf,
  nameOf,
  onMove,
  children,
  actions,
}: {
  items: readonly T[];
  label: string;
  keyOf: (item: T) => string | number;
  /** The item's name, in the arrows' labels ("Move Intro up"). */
  nameOf: (item: T) => string;
  onMove: (from: number, to: number) => void;
  children: (item: T, index: number) => ReactNode;
  actions?: (item: T, index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  return (
    <ol aria-label={label} className="flex flex-col gap-1">
      {items.map((item, index) => (
        <li
          key={keyOf(item)}
          draggable
          onDragStart={(event) => {
            setDragFrom(index);
            event.dataTransfer.effectAllowed = 'move';
          }}
          onDragOver={(event) => {
            if (dragFrom !== null) event.preventDefault();
          }}
          onDrop={(event) => {
            event.preventDefault();
            if (dragFrom !== null) onMove(dragFrom, index);
            setDragFrom(null);
          }}
          onDragEnd={() => setDragFrom(null)}
          className={cn(
            'flex items-center gap-1 rounded-md border border-border bg-bg p-1 ps-2 text-sm',
            dragFrom === index && 'opacity-50',
          )}
        >
          <GripVertical size={16} aria-hidden className="shrink-0 cursor-grab text-fg-muted" />
          <div className="flex min-w-0 flex-1 items-center gap-2">{children(item, index)}</div>
          <IconButton
            label={t('Move {{name}} up', { name: nameOf(item) })}
            size="xs"
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowUp size={16} aria-hidden />
          </IconButton>
          <IconButton
            label={t('Move {{name}} down', { name: nameOf(item) })}
            size="xs"
            disabled={index === items.length - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDown size={16} aria-hidden />
          </IconButton>
          {actions?.(item, index)}
        </li>
      ))}
    </ol>
  );
}
