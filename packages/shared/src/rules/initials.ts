function firstLetter(value: string | null | undefined): string {
  const trimmed = value?.trim() ?? '';
  return trimmed ? Array.from(trimmed)[0]!.toUpperCase() : '';
}

/** A user's initials: first letters of first and last name, else first letter of the e-mail, else NF. */
export function userInitials(user: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const fromName = firstLetter(user.firstName) + firstLetter(user.lastName);
  if (fromName) return fromName;
  return firstLetter(user.email) || 'NF';
}

/**
 * A workspace's initials: skip the word "de", take the first letters of the first two words, W as the
 * second letter when there is only one word, W when the name is empty.
 */
export function workspaceInitials(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter((word) => word && word.toLowerCase() !== 'de');
  if (words.length === 0) return 'W';
  return firstLetter(words[0]) + (firstLetter(words[1]) || 'W');
}
