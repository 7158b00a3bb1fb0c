import { Check } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { cn } from './cn';
import { FieldMessages, useFieldIds, type FieldTextProps } from './field';
import { useTypeahead } from './use-typeahead';

export interface ListboxItem {
  value: string;
  /** Text shown and matched by type-ahead. */
  label: string;
  description?: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
}

export interface ListboxProps extends FieldTextProps {
  items: readonly ListboxItem[];
  value?: string | null;
  defaultValue?: string | null;
  onValueChange?: (value: string) => void;
  id?: string;
  'aria-label'?: string;
  className?: string;
  ref?: Ref<HTMLUListElement>;
}

/**
 * A single-choice list that keeps focus on itself and points at the active option
 * (aria-activedescendant): arrows, Home and End move, Enter or Space choose, and typing jumps to
 * the option starting with the typed text. At most 420 px tall, then it scrolls.
 */
export function Listbox({
  items,
  value,
  defaultValue = null,
  onValueChange,
  id: idFromProps,
  label,
  description,
  errorMessage,
  'aria-label': ariaLabel,
  className,
  ref,
}: ListboxProps) {
  const ids = useFieldIds(idFromProps, { description, errorMessage });
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue);
  const selectedValue = value !== undefined ? value : uncontrolledValue;
  const [activeIndex, setActiveIndex] = useState(-1);
  const optionId = (index: number) => `${ids.id}-option-${index}`;
  const isDisabled = (index: number) => items[index]?.disabled === true;

  const typeahead = useTypeahead({
    labels: items.map((item) => item.label),
    activeIndex,
    onMatch: setActiveIndex,
    isDisabled,
  });

  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const select = (index: number) => {
    const item = items[index];
    if (!item || item.disabled) return;
    setActiveIndex(index);
    setUncontrolledValue(item.value);
    onValueChange?.(item.value);
  };

  const step = (from: number, direction: 1 | -1) => {
    for (let index = from + direction; index >= 0 && index < items.length; index += direction) {
      if (!isDisabled(index)) return index;
    }
    return from;
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const keyMoves: Record<string, () => number> = {
      ArrowDown: () => step(activeIndex, 1),
      ArrowUp: () => step(activeIndex < 0 ? items.length : activeIndex, -1),
      Home: () => step(-1, 1),
      End: () => step(items.length, -1),
    };
    const move = keyMoves[event.key];
    if (move) {
      const next = move();
      if (next >= 0 && next < items.length) setActiveIndex(next);
    } else if ((event.key === 'Enter' || event.key === ' ') && activeIndex >= 0) {
      // A space in the middle of a typed word belongs to the search, not to selection.
      if (!(event.key === ' ' && typeahead.getBuffer() !== '')) select(activeIndex);
      else typeahead.handleKey(event);
    } else if (!typeahead.handleKey(event)) {
      return;
    }
    event.preventDefault();
  };

  const handleFocus = () => {
    if (activeIndex >= 0) return;
    const selectedIndex = items.findIndex((item) => item.value === selectedValue);
    setActiveIndex(selectedIndex >= 0 ? selectedIndex : step(-1, 1));
  };

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {label && (
        <span id={ids.labelId} className="text-sm font-medium text-fg">
          {label}
        </span>
      )}
      <ul
        ref={ref}
        id={ids.id}
        role="listbox"
        tabIndex={0}
        aria-label={ariaLabel}
        aria-labelledby={label ? ids.labelId : undefined}
        aria-describedby={ids.describedBy}
        aria-invalid={ids.isInvalid || undefined}
        aria-activedescendant={activeId}
        onKeyDown={handleKeyDown}
        onFocus={handleFocus}
        className={cn(
          'group/listbox max-h-[420px] overflow-y-auto rounded-lg border bg-bg-elevated p-1 text-fg',
          ids.isInvalid ? 'border-danger' : 'border-border',
        )}
      >
        {items.map((item, index) => {
          const isSelected = item.value === selectedValue;
          return (
            <li
              key={item.value}
              id={optionId(index)}
              role="option"
              aria-selected={isSelected}
              aria-disabled={item.disabled || undefined}
              data-active={index === activeIndex || undefined}
              onClick={() => select(index)}
              onPointerMove={() => !item.disabled && setActiveIndex(index)}
              className={cn(
                'flex min-h-9 cursor-default items-center gap-3 rounded-sm px-3 py-1 text-sm select-none',
                'data-[active]:bg-bg-hover aria-disabled:opacity-50',
                // The active option is the keyboard focus, so it gets the focus ring colour.
                'group-focus-visible/listbox:data-[active]:outline-2 group-focus-visible/listbox:data-[active]:-outline-offset-2 group-focus-visible/listbox:data-[active]:outline-primary',
              )}
            >
              {item.icon && <span className="flex shrink-0 items-center">{item.icon}</span>}
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate">{item.label}</span>
                {item.description && (
                  <span className="text-xs text-fg-muted">{item.description}</span>
                )}
              </span>
              <Check
                size={16}
                aria-hidden
                className={cn('shrink-0 text-primary', !isSelected && 'invisible')}
              />
            </li>
          );
        })}
      </ul>
      <FieldMessages ids={ids} description={description} errorMessage={errorMessage} />
    </div>
  );
}
