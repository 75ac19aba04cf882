import type { UserDto, ListRecord } from '@courtside/contracts';

export type UserRecord = ListRecord<UserDto>;
