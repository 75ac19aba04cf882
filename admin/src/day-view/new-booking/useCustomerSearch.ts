import { useGetList } from 'react-admin';
import type { UserRecord } from '../../users/types.ts';
import { useDebounced } from '../../common/useDebounced.ts';

/** Shortest search sent: one letter matches half the customers. */
export const MIN_SEARCH = 2;

/** Customers whose name, email or phone contain the text (GET /api/admin/users?filter={"q":...}), a few at a time, as staff type. */
export function useCustomerSearch(text: string) {
  const q = useDebounced(text.trim(), 250);
  const { data, isFetching } = useGetList<UserRecord>(
    'users',
    { filter: { q }, pagination: { page: 1, perPage: 8 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: q.length >= MIN_SEARCH, placeholderData: (previous) => previous },
  );
  return { customers: q.length >= MIN_SEARCH ? (data ?? []) : [], searching: isFetching || q !== text.trim() };
}
