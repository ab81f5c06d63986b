import { userInitials, workspaceInitials } from '@redacta/shared/rules/initials';
import { cn } from './cn';

const sizes = { sm: 'size-7 text-[11px]', md: 'size-8 text-xs', lg: 'size-10 text-sm' } as const;

/**
 * The user's picture when there is one, else the initials of `userInitials` (first and last name, else
 * the e-mail). Decorative: the name is always next to it.
 */
export function UserAvatar({
  user,
  size = 'md',
}: {
  user: {
    firstName?: string | null;
    lastName?: string | null;
    email?: string | null;
    picture?: string | null;
  };
  size?: keyof typeof sizes;
}) {
  if (user.picture) {
    return (
      <img
        src={user.picture}
        alt=""
        className={cn('shrink-0 rounded-full object-cover', sizes[size])}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-on-primary',
        sizes[size],
      )}
    >
      {userInitials(user)}
    </span>
  );
}

export function WorkspaceAvatar({ name, size = 'md' }: { name: string; size?: keyof typeof sizes }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-lg bg-primary-soft font-semibold text-primary',
        sizes[size],
      )}
    >
      {workspaceInitials(name)}
    </span>
  );
}
