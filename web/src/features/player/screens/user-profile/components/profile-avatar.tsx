import clsx from 'clsx';

/** Up to two letters standing for a name: 'Ada Lovelace' → 'AL'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

/** A round picture of a user, or their initials on a tinted disc when they have none. */
export function ProfileAvatar({
  name,
  src,
  className,
}: {
  name: string;
  src: string | null;
  className?: string;
}) {
  return (
    <div
      className={clsx(
        'relative aspect-square shrink-0 overflow-hidden rounded-full bg-bg-hover',
        className,
      )}
    >
      {src ? (
        <img src={src} alt="" className="size-full object-cover" />
      ) : (
        <div
          aria-hidden
          className="flex size-full items-center justify-center text-5xl font-bold text-fg-muted select-none md:text-6xl"
        >
          {initialsOf(name)}
        </div>
      )}
    </div>
  );
}
