import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TextField } from '../../../ui/text-field';

/** A search box that reports what was typed once typing pauses (300 ms). */
export function SearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  // The address changed the search (back button, cleared filters): show it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <TextField
      type="search"
      aria-label={label}
      placeholder={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      startAdornment={<Search size={16} aria-hidden />}
      className="w-full sm:max-w-xs"
      size="sm"
    />
  );
}
