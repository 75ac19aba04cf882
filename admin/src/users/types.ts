import type { UserDto } from '@courtside/domain';

export type UserRecord = UserDto & { id: string };
