import type { UserDto } from '@courtside/contracts';

export type UserRecord = UserDto & { id: string };
