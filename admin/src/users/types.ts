import type { AdminUserDto, ListRecord } from '@courtside/contracts';

/** A user as the back office reads them: the wire shape (with their tier) plus react-admin's `id`. */
export type UserRecord = ListRecord<AdminUserDto>;
