import clsx from 'clsx';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? parts[0]![0]! + parts[parts.length - 1]![0]! : name.slice(0, 2);
  return letters.toUpperCase();
}

/** The user's picture, or their initials on a tinted circle. */
export function UserAvatar({
  user,
  className,
}: {
  user: { display_name: string; email: string; avatar: string | null };
  className?: string;
}) {
  const name = user.display_name || user.email;
  if (user.avatar) {
    return (
      <img
        src={user.avatar}
        alt=""
        className={clsx('aspect-square shrink-0 rounded-full object-cover', className)}
      />
    );
  }
  // The initials are a picture of the user, like the photo they stand for: drawn by CSS, they
  // are no text of the button or link around them, whose name is the user's full name.
  return (
    <span
      aria-hidden
      data-initials={initials(name)}
      className={clsx(
        'flex aspect-square shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-fg before:content-[attr(data-initials)]',
        className,
      )}
    />
  );
}
