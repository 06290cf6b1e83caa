/**
 * Password rule of docs/design.md §5: at least 8 characters and not one of the
 * most common passwords (OWASP ASVS 5.0, 6.2.1 and 6.2.4). The list holds the
 * 8+ character entries of the usual breach top lists plus common Brazilian
 * choices; shorter ones are already refused by the length rule.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const commonPasswords = new Set(
  `12345678 123456789 1234567890 12345678910 123123123 111111111 11111111 00000000 000000000
  87654321 987654321 9876543210 12341234 11223344 12121212 13131313 123qwe123 1q2w3e4r 1q2w3e4r5t
  1qaz2wsx qwerty123 qwertyui qwertyuiop qwerty12 qwerty1234 asdfghjk asdfghjkl zxcvbnm1 zxcvbnmm
  password password1 password12 password123 passw0rd p@ssw0rd p@ssword senha123 senha1234 senha12345
  minhasenha mudar123 mudar@123 trocar123 abc12345 abcd1234 abcdefgh abc123456 a1b2c3d4 aa123456
  iloveyou iloveyou1 princess sunshine football baseball superman batman123 whatever trustno1
  welcome1 welcome123 letmein1 starwars dragon12 monkey12 master12 computer internet football1
  brasil123 brasil2022 brasil2024 brasil2025 brasil2026 flamengo corinthians palmeiras saopaulo
  vasco123 gremio123 santos123 cruzeiro botafogo fluminense flamengo1 timao123 fortaleza
  deusefiel jesus123 jesuscristo teamo123 amor1234 amorzinho meuamor1 familia1 felicidade
  estrela1 chocolate princesa gabriela fernanda123 mariana1 juliana1 beatriz1 carolina
  pedro123 lucas123 gabriel1 matheus1 rafael12 daniel12 bruno123 thiago12 joao1234 maria123
  sereno123 sereno2026 empresa123 trabalho admin123 admin1234 administrador root1234 usuario1
  changeme changeme1 default1 guest1234 test1234 teste123 teste1234 testando 12qwaszx q1w2e3r4
  q1w2e3r4t5 zaq12wsx 1qazxsw2 qazwsxedc 123abc123 abc123abc 999999999 88888888 77777777 66666666
  55555555 44444444 33333333 22222222 99999999 10203040 102030405 1020304050 12344321 147258369
  159753456 159357258 741852963 963852741 123654789 11111111111 00000000000 asdf1234 asdfasdf
  qwerasdf 1234qwer qwer1234 1234abcd abcd12345 michelle jennifer jordan23 liverpool arsenal1
  chelsea1 barcelona realmadrid benfica1 pokemon1 naruto12 minecraft fortnite playstation
  xbox360x nintendo babygirl1 lovelove hellokitty mercedes ferrari1 porsche1 mustang1 corvette
  harley12 yankees1 cowboys1 eagles12 steelers packers1 lakers24 bulldogs tigers12 dolphins
  spiderman ironman1 pass1234 pass12345 passwort motdepasse contraseña contrasena senhasenha
  mudarsenha novasenha senhaforte senhanova segredo1 segredo123 escola123 faculdade futebol1`
    .split(/\s+/)
    .filter(Boolean),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
