import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's default algorithm, pinned here), OWASP's second recommended profile.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** Constant work whether or not the user exists, so timing does not reveal accounts. */
const DUMMY = hash('dummy password for timing', OPTIONS);

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DUMMY, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
