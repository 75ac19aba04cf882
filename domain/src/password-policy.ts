import { invalid } from './errors.ts';

// The most used passwords of 8+ characters from public breach corpora; shorter ones fail the length rule anyway.
const COMMON = new Set(
  `password 12345678 123456789 1234567890 password1 password123 qwertyuiop iloveyou sunshine
  princess football baseball welcome1 welcome123 abc12345 abcd1234 qwerty123 qwerty12 1q2w3e4r
  1q2w3e4r5t 1qaz2wsx zaq12wsx 11111111 00000000 12341234 87654321 123123123 11223344 88888888
  superman batman123 trustno1 passw0rd p@ssw0rd p@ssword letmein1 letmein123 admin123 administrator
  computer internet starwars whatever michelle jennifer jessica1 charlie1 123qweasd qweasdzxc
  asdfghjkl zxcvbnm1 zxcvbnmm monkey123 dragon12 shadow12 master12 freedom1 mustang1 liverpool
  chelsea1 arsenal1 michael1 jordan23 basketball soccer12 hockey12 tennis12 access14 changeme
  changeme1 secret123 default1 1234qwer q1w2e3r4 q1w2e3r4t5 aaaaaaaa asdf1234 asdfasdf
  iloveyou1 lovely12 babygirl1 butterfly sunshine1 princess1 football1 baseball1 pokemon1
  minecraft fortnite123 whatever1 hello123 helloworld test1234 testtest guest123 summer2024
  summer2025 summer2026 winter2025 winter2026 spring2026 autumn2026 password2024 password2025
  password2026 courtside courtside1 courtside123 booking123 facility1 qwertyui 987654321
  123456780 147258369 159753456 google123 samsung1 apple123 iphone12 computer1 killer12
  letmeinnow 7777777777 999999999 666666666 555555555 12344321 10203040 a1b2c3d4 a1234567`
    .split(/\s+/)
    .filter(Boolean),
);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export function validatePassword(password: string, path = 'password'): void {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw invalid('WEAK_PASSWORD', `${path} must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long`, path);
  }
  if (COMMON.has(password.toLowerCase())) {
    throw invalid('COMMON_PASSWORD', `${path} is one of the most common passwords; please choose another`, path);
  }
}
