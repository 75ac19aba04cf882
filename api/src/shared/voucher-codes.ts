import { createHash, randomInt } from 'node:crypto';
import { VOUCHER_ALPHABET, VOUCHER_CODE_LENGTH, normalizeVoucherCode } from '@courtside/domain';

/**
 * Gift voucher codes: 16 characters from VOUCHER_ALPHABET (80 bits), drawn from the system's
 * secure source. Only a code's SHA-256 and its last four characters are ever stored.
 */

/** A new code, normalized (no dashes): 16 uniform draws from the alphabet, from the system's secure source. */
export function newVoucherCode(): string {
  let code = '';
  for (let i = 0; i < VOUCHER_CODE_LENGTH; i++) code += VOUCHER_ALPHABET[randomInt(VOUCHER_ALPHABET.length)];
  return code;
}

/** What is stored of a code: the SHA-256 (hex) of its normalized form. */
export const voucherCodeHash = (code: string) => createHash('sha256').update(normalizeVoucherCode(code)).digest('hex');

/** A fresh code with what the database keeps of it. */
export function mintVoucherCode(): { code: string; codeHash: string; codeHint: string } {
  const code = newVoucherCode();
  return { code, codeHash: voucherCodeHash(code), codeHint: code.slice(-4) };
}
