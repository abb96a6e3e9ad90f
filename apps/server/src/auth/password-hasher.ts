import { hash, verify } from '@node-rs/argon2';

// Argon2id with OWASP's minimum profile (19 MiB, 2 passes): memory-hard, ~20 ms on these machines.
const OPTIONS = {
  algorithm: 2 /* Argon2id: the package exports a const enum, unusable under isolatedModules */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verifying against a throwaway hash when the id is unknown keeps the response time the same,
 * so timing does not reveal which ids exist.
 */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}
