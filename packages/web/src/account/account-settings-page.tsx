import { chatBlockingMessages, messages, webAccountMessages } from "@katale/domain";
import { LogOut, UserPen } from "lucide-react";
import type { ReactNode } from "react";
import { Link, Navigate } from "react-router";
import { useLogout } from "../auth/use-logout.js";
import { BlockedChats } from "../chat/blocked-chats.js";
import { AccountCard, AccountFrame } from "./account-frame.js";
import { ChangeEmailForm } from "./change-email-form.js";
import { ChangePasswordForm } from "./change-password-form.js";
import { DeleteAccount } from "./delete-account.js";
import { useActiveUser } from "./use-active-user.js";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="text-sm text-gray-600 sm:w-36 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 break-words text-gray-900">{children}</dd>
    </div>
  );
}

/**
 * /account/account: the profile at a glance, e-mail change, password change, the blocked chats,
 * deletion, logout.
 */
export default function AccountSettingsPage() {
  const [user, refresh] = useActiveUser();
  const logout = useLogout();
  const text = webAccountMessages;
  if (user === null) return <Navigate to="/login" replace />;
  const gender = user.gender === "male" ? text.male : user.gender === "female" ? text.female : text.notSet;
  return (
    <AccountFrame title={text.accountSettings}>
      <AccountCard title={text.profileDetails}>
        <dl className="flex flex-col gap-3">
          <Detail label={messages.register.fullName}>{user.name}</Detail>
          <Detail label={messages.register.email}>{user.email}</Detail>
          <Detail label={messages.register.phone}>{user.phone}</Detail>
          <Detail label={text.country}>{user.country ?? text.notSet}</Detail>
          <Detail label={text.dateOfBirth}>{user.dateOfBirth ?? text.notSet}</Detail>
          <Detail label={text.gender}>{gender}</Detail>
        </dl>
        <Link to="/account/update-user" className="btn-secondary mt-4">
          <UserPen aria-hidden="true" size={18} />
          {text.editProfile}
        </Link>
      </AccountCard>
      <AccountCard title={text.changeEmail}>
        <ChangeEmailForm currentEmail={user.email} onChanged={refresh} />
      </AccountCard>
      <AccountCard title={text.changePassword}>
        <ChangePasswordForm />
      </AccountCard>
      <AccountCard title={chatBlockingMessages.blockedChats}>
        <BlockedChats />
      </AccountCard>
      <AccountCard title={text.deleteAccount}>
        <DeleteAccount />
      </AccountCard>
      <button type="button" className="btn-secondary self-start" onClick={logout}>
        <LogOut aria-hidden="true" size={18} />
        {messages.account.logOut}
      </button>
    </AccountFrame>
  );
}
