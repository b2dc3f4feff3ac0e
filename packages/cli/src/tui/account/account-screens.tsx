import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { Field } from "../components/field.js";
import { ItemList } from "../components/item-list.js";
import { useTui, useTyping } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useAccount } from "./use-account.js";

/** Account: who is logged in; Enter logs in (or out), with the same session file as `katale login`. */
export function AccountScreen() {
  const tui = useTui();
  const { session, width, height } = tui;
  const { sessionFile, logOut } = useAccount();
  return (
    <Box flexDirection="column">
      <Text>
        {session === null ? tuiMessages.notSignedIn : tuiMessages.signedInAs(session.name, session.email)}
      </Text>
      <Text dimColor>{sessionFile === undefined ? "" : `Session file: ${sessionFile}`}</Text>
      <ItemList
        width={width}
        height={height - 2}
        rows={
          session === null
            ? [{ key: "login", text: tuiMessages.logIn, onOpen: () => tui.open({ screen: "login" }) }]
            : [{ key: "logout", text: tuiMessages.logOut, onOpen: () => void logOut() }]
        }
      />
    </Box>
  );
}

/** The login form: e-mail or phone, then the password (never shown); Esc cancels. */
export function LoginScreen() {
  const tui = useTui();
  const { logIn } = useAccount();
  const [username, setUsername] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useTyping(true);
  useInput((_input, key) => key.escape && tui.back(), { isActive: tui.active });

  const submit = async (password: string) => {
    if (username === null) return;
    setBusy(true);
    const loggedIn = await logIn(username, password);
    setBusy(false);
    if (loggedIn) tui.back();
    else setUsername(null);
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
