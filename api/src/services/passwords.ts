import argon2 from 'argon2';

// OWASP's argon2id baseline: 19 MiB of memory, 2 passes, 1 lane.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

/** False for an account with no password yet (a guest booked at the desk), after the same work as a real check. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    await burnVerifyTime(password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Spent on unknown emails so a login's timing does not reveal which emails exist. */
let dummyHash: Promise<string> | undefined;
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('courtside-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
