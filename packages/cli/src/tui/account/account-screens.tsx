import { login, logout } from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { Field } from "../components/field.js";
import { ItemList } from "../components/item-list.js";
import { accountFailureText } from "../failure-text.js";
import { useTui, useTyping } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";

/** Account: who is logged in; Enter logs in (or out), with the same session file as `katale login`. */
export function AccountScreen() {
  const tui = useTui();
  const { services, session, width, height } = tui;
  const account = services.account;
  const signOut = async () => {
    if (account === undefined) return;
    const done = await logout(account);
    tui.refreshSession();
    tui.say(done.message);
  };
  return (
    <Box flexDirection="column">
      <Text>
        {session === null ? tuiMessages.notSignedIn : tuiMessages.signedInAs(session.name, session.email)}
      </Text>
      <Text dimColor>{account === undefined ? "" : `Session file: ${account.sessionFile}`}</Text>
      <ItemList
        width={width}
        height={height - 2}
        rows={
          session === null
            ? [{ key: "login", text: tuiMessages.logIn, onOpen: () => tui.open({ screen: "login" }) }]
            : [{ key: "logout", text: tuiMessages.logOut, onOpen: () => void signOut() }]
        }
      />
    </Box>
  );
}

/** The login form: e-mail or phone, then the password (never shown); Esc cancels. */
export function LoginScreen() {
  const tui = useTui();
  const { services } = tui;
  const [username, setUsername] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useTyping(true);
  useInput((_input, key) => key.escape && tui.back(), { isActive: tui.active });

  const submit = async (password: string) => {
    if (services.account === undefined || username === null) return;
    setBusy(true);
    const outcome = await login(services.account, { username, password });
    setBusy(false);
    if (!outcome.ok) {
      setUsername(null);
      return tui.say(accountFailureText(outcome.error, services.urls), "error");
    }
    tui.refreshSession();
    tui.say(outcome.value.message);
    tui.back();
  };

  return (
    <Box flexDirection="column">
      <Text>{tuiMessages.loginTitle}</Text>
      <Box>
        <Text>{tuiMessages.username} </Text>
        {username === null ? (
          <Field
            isDisabled={!tui.active}
            onSubmit={(value) => value.trim() !== "" && setUsername(value.trim())}
          />
        ) : (
          <Text>{username}</Text>
        )}
      </Box>
      {username === null ? null : (
        <Box>
          <Text>{tuiMessages.password} </Text>
          {busy ? (
            <Text dimColor>{tuiMessages.loading}</Text>
          ) : (
            <Field secret isDisabled={!tui.active} onSubmit={(p) => void submit(p)} />
          )}
        </Box>
      )}
    </Box>
  );
}
