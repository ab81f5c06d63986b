import { users } from '../../db/schema.ts';

/** The columns of whoever added a row, selected through a left join on `users`. */
export const addedByColumns = {
  addedById: users.id,
  addedByFirstName: users.firstName,
  addedByLastName: users.lastName,
  addedByEmail: users.email,
};

/** Whoever added a row, as the API shows them; null once that user is gone. */
export function addedByOf(row: {
  addedById: string | null;
  addedByFirstName: string | null;
  addedByLastName: string | null;
  addedByEmail: string | null;
}) {
  return row.addedById && row.addedByEmail
    ? {
        id: row.addedById,
        firstName: row.addedByFirstName,
        lastName: row.addedByLastName,
        email: row.addedByEmail,
      }
    : null;
}
