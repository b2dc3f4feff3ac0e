import {
  type AuthOutcome,
  loadCurrentUser,
  login,
  logout,
  messages,
  register,
  resendCode,
  verifyRegistration,
} from "@katale/domain";
import type { Command } from "commander";
import { CliFailure } from "../cli-failure.js";
import { cliMessages } from "../cli-messages.js";
import type { Invocation, Invoke } from "../invocation.js";
import { lines } from "../output/text.js";
import { accountFailure } from "./account-failure.js";
import type { AccountServices } from "./account-services.js";
import { authCliMessages } from "./auth-cli-messages.js";
import { renderCurrentUser } from "./auth-render.js";

interface PasswordOptions {
  readonly passwordStdin?: boolean;
}

/** `katale register`, `verify`, `login`, `logout`, `whoami`. */
export function registerAuthCommands(program: Command, invoke: Invoke): void {
  program
    .command("register")
    .description("create an account; a code is e-mailed to verify it")
    .requiredOption("--name <name>", "your full name")
    .requiredOption("--email <email>", "your email address")
    .requiredOption("--phone <phone>", "your phone number (at most 10 characters)")
    .option("--password-stdin", "read the password from stdin instead of prompting")
    .action(
      async (options: { name: string; email: string; phone: string } & PasswordOptions, command: Command) => {
        const run = invoke(command);
        const account = accountOf(run);
        const password = await newPassword(account, options);
        const registered = unwrap(run, await register(account.auth, { ...options, password }));
        run.show(
          registered,
          (r) => (r.codeSent ? lines(r.message, authCliMessages.codeSent(r.user.email)) : r.message),
          (r) => r.user,
        );
      },
    );

  program
    .command("verify")
    .description("verify your email with the e-mailed code (or send a new one with --resend)")
    .argument("<email>", "the email you registered with")
    .argument("[code]", "the code from the e-mail")
    .option("--resend", "send a new code")
    .action(
      async (email: string, code: string | undefined, options: { resend?: boolean }, command: Command) => {
        const run = invoke(command);
        const account = accountOf(run);
        if (options.resend) {
          const sent = unwrap(run, await resendCode(account.auth, { email }));
          return run.show(
            sent,
            (s) => lines(s.message),
            (s) => ({ message: s.message }),
          );
        }
        if (code === undefined) return run.usageError(authCliMessages.codeMissing);
        const verified = unwrap(run, await verifyRegistration(account.auth, { email, otp: code }));
        run.show(
          verified,
          (v) => lines(v.message, authCliMessages.nextLogin(email.trim())),
          (v) => ({ message: v.message }),
        );
      },
    );

  program
    .command("login")
    .description("log in; the password is asked without echo (or read from stdin when piped)")
    .argument("[username]", "your email or phone number (asked when left out)")
    .option("--password-stdin", "read the password from stdin instead of prompting")
    .action(async (username: string | undefined, options: PasswordOptions, command: Command) => {
      const run = invoke(command);
      const account = accountOf(run);
      const name = username ?? (await askUsername(run, account));
      const password = await existingPassword(account, options);
      const loggedIn = unwrap(
        run,
        await login({ auth: account.auth, storage: account.storage }, { username: name, password }),
      );
      run.show(
        loggedIn,
        (l) => lines(l.message, authCliMessages.loggedInAs(l.user.name, l.user.email)),
        (l) => l.user,
      );
    });

  program
    .command("logout")
    .description("log out: the service revokes the token, and this computer forgets the session")
    .action(async (_options: object, command: Command) => {
      const run = invoke(command);
      const account = accountOf(run);
      // Logged out already: said as every command that needs a session says it (stderr, exit 1).
      if (account.storage.get("token") === null) throw new CliFailure(authCliMessages.notLoggedIn);
      const done = await logout({ auth: account.auth, storage: account.storage });
      run.show(
        done,
        (d) => lines(d.message, !d.revoked && authCliMessages.notRevoked),
        (d) => ({ message: d.message, revoked: d.revoked }),
      );
    });

  program
    .command("whoami")
    .description("show who is logged in, as the service knows them now")
    .action(async (_options: object, command: Command) => {
      const run = invoke(command);
      const account = accountOf(run);
      const current = await loadCurrentUser({ auth: account.auth, storage: account.storage });
      if (!current.ok) throw accountFailure(current.error, run.services.urls.authUrl);
      run.show(current.value, (c) => renderCurrentUser(c, account.sessionFile));
    });
}

function accountOf(run: Invocation): AccountServices {
  const account = run.services.account;
  if (account === undefined)
    throw new CliFailure(cliMessages.unexpected("account services are not configured"));
  return account;
}

function unwrap<T extends object>(run: Invocation, outcome: AuthOutcome<T>) {
  if (outcome.ok) return outcome.value;
  throw accountFailure(outcome.error, run.services.urls.authUrl);
}

async function askUsername(run: Invocation, account: AccountServices): Promise<string> {
  const typed = account.prompter.interactive
    ? await account.prompter.askLine(authCliMessages.usernamePrompt)
    : null;
  if (typed === null || typed === "") return run.usageError(authCliMessages.usernameMissing);
  return typed;
}

/** The password of an existing account: at a terminal asked without echo, else the first stdin line. */
async function existingPassword(account: AccountServices, options: PasswordOptions): Promise<string> {
  const { prompter } = account;
  const fromStdin = options.passwordStdin === true || !prompter.interactive;
  const password = fromStdin
    ? await prompter.readStdinLine()
    : await prompter.askSecret(authCliMessages.passwordPrompt);
  if (password === null)
    throw new CliFailure(fromStdin ? authCliMessages.passwordMissing : authCliMessages.cancelled);
  return password;
}

/** A new password: at a terminal asked twice (a typo nobody saw would lock the account out). */
async function newPassword(account: AccountServices, options: PasswordOptions): Promise<string> {
  const password = await existingPassword(account, options);
  if (options.passwordStdin || !account.prompter.interactive) return password;
  const again = await account.prompter.askSecret(authCliMessages.repeatPasswordPrompt);
  if (again === null) throw new CliFailure(authCliMessages.cancelled);
  if (again !== password) throw new CliFailure(messages.account.passwordsMustMatch);
  return password;
}
