/**
 * The password rule (等保 2.0 身份鉴别: identity authentication), one for every account kind and
 * every place a password is chosen: the change-password form, registration, a password staff type
 * for a new account, ADMIN_PASSWORD.
 *
 *   - 8–64 characters, from at least three of: upper case, lower case, digits, symbols;
 *   - not containing the login account (case-insensitive);
 *   - not a common password: zxcvbn scores it 3 or more, and it is not (a variant of) an
 *     entry of zxcvbn's common-password list.
 *
 * The first two are cheap and synchronous (`checkPasswordBasics`, also what forms show
 * while typing); the third needs zxcvbn's dictionaries (about 1 MB), so `checkPasswordStrength`
 * imports them on first use. The front end calls it only on pages with a password field,
 * which keeps zxcvbn out of the public pages' and the login page's chunks.
 *
 * Generated passwords (server/security/passwords.ts) are random and exempt; their accounts must
 * change them at the next login.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
/** How many of the four character classes a password needs. */
export const PASSWORD_MIN_CLASSES = 3;
/** zxcvbn's score (0–4) a password must reach. */
export const PASSWORD_MIN_SCORE = 3;

/** The rule as the forms show it beside every password field. */
export const PASSWORD_RULE_TEXT =
  `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} 位，至少包含大写字母、小写字母、数字、符号中的三类；` +
  '不能包含登录账号；不能是常见密码或过于简单的组合';

export const PASSWORD_MESSAGES = {
  length: `密码长度应为${PASSWORD_MIN_LENGTH}至${PASSWORD_MAX_LENGTH}位`,
  classes: '密码须至少包含大写字母、小写字母、数字、符号中的三类',
  containsAccount: '密码不能包含登录账号',
  common: '密码过于常见或简单，容易被猜到，请换一个更复杂的密码',
  sameAsOld: '新密码不能与原密码相同',
} as const;

export type PasswordClass = 'upper' | 'lower' | 'digit' | 'symbol';

const CLASS_TESTS: Record<PasswordClass, RegExp> = {
  upper: /[A-Z]/,
  lower: /[a-z]/,
  digit: /\d/,
  // Anything that is not a letter or digit (punctuation, spaces, other scripts) counts as a symbol.
  symbol: /[^A-Za-z0-9]/,
};

export function passwordClasses(password: string): PasswordClass[] {
  return (Object.keys(CLASS_TESTS) as PasswordClass[]).filter((c) => CLASS_TESTS[c].test(password));
}

/** One line of the rule and whether the password meets it: what the live feedback shows. */
export interface PasswordRuleCheck {
  key: 'length' | 'classes' | 'account';
  label: string;
  met: boolean;
}

export function passwordRuleChecks(password: string, loginAccount?: string): PasswordRuleCheck[] {
  const checks: PasswordRuleCheck[] = [
    {
      key: 'length',
      label: `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} 位`,
      met: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    },
    {
      key: 'classes',
      label: '大写字母、小写字母、数字、符号中至少三类',
      met: passwordClasses(password).length >= PASSWORD_MIN_CLASSES,
    },
  ];
  if (loginAccount !== undefined) {
    checks.push({ key: 'account', label: '不包含登录账号', met: !!password && !containsAccount(password, loginAccount) });
  }
  return checks;
}

function containsAccount(password: string, loginAccount: string): boolean {
  const account = loginAccount.trim().toLowerCase();
  return !!account && password.toLowerCase().includes(account);
}

/** The synchronous part of the rule: length, classes, the account. */
export function checkPasswordBasics(password: string, loginAccount?: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.length;
  if (passwordClasses(password).length < PASSWORD_MIN_CLASSES) return PASSWORD_MESSAGES.classes;
  if (loginAccount !== undefined && containsAccount(password, loginAccount)) return PASSWORD_MESSAGES.containsAccount;
  return undefined;
}

interface StrengthChecker {
  check(password: string, userInputs?: (string | number)[]): {
    score: number;
    sequence: { pattern: string; token: string; dictionaryName?: string }[];
  };
}

let checker: Promise<StrengthChecker> | undefined;

/** zxcvbn with the common dictionaries, loaded once on first use (a separate chunk in the browser). */
function loadChecker(): Promise<StrengthChecker> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')])
    .then(([core, common]) => {
      const factory: StrengthChecker = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary },
        graphs: common.adjacencyGraphs,
        // Catches near-misses of listed passwords (p@ssw0rd1 and the like).
        useLevenshteinDistance: true,
      });
      return factory;
    })
    .catch((err: unknown) => {
      // A failed chunk load must not stick: the next attempt loads again.
      checker = undefined;
      throw err;
    });
  return checker;
}

/**
 * The whole rule: the basics, then "not a common password". Resolves to the first problem's
 * message, or undefined when the password is acceptable. `userInputs` (the account, the
 * person's name) count as guessable words too.
 */
export async function checkPasswordStrength(
  password: string,
  loginAccount?: string,
  userInputs: readonly string[] = [],
): Promise<string | undefined> {
  const basic = checkPasswordBasics(password, loginAccount);
  if (basic) return basic;
  const zxcvbn = await loadChecker();
  const inputs = [loginAccount, ...userInputs].filter((v): v is string => !!v && v.trim().length > 0);
  const result = zxcvbn.check(password, inputs);
  if (result.score < PASSWORD_MIN_SCORE) return PASSWORD_MESSAGES.common;
  // A listed common password that only gained a symbol or a case change still scores well
  // sometimes: refuse when the list's entry makes up (nearly) the whole password.
  const listed = result.sequence.some(
    (m) => m.pattern === 'dictionary' && m.dictionaryName === 'passwords-common' && m.token.length >= password.length - 2,
  );
  return listed ? PASSWORD_MESSAGES.common : undefined;
}
