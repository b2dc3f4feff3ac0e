import { messages, safetyMessages } from "@katale/domain";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSession } from "../auth/use-session.js";
import { SocialIcons } from "./social-icons.js";
import { SubscribeForm } from "./subscribe-form.js";

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="mb-3 font-semibold text-white">{title}</h2>
      {children}
    </section>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className="inline-block py-1 text-gray-300 hover:text-white hover:underline">
        {children}
      </Link>
    </li>
  );
}

/** Subscribe, Support, Account, Quick Links, social icons and the copyright line (spec §2). */
export function Footer() {
  const { loggedIn } = useSession();
  const f = messages.footer;
  return (
    <footer className="mt-12 bg-gray-900 pb-20 text-sm md:pb-0">
      <div className="page grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <Block title={f.subscribe}>
          <SubscribeForm />
        </Block>
        <Block title={f.support}>
          <ul>
            <li>
              <a
                href={`mailto:${messages.web.supportEmail}`}
                className="inline-block py-1 text-gray-300 hover:text-white hover:underline"
              >
                {messages.web.supportEmail}
              </a>
            </li>
            <FooterLink to="/feedbacks">{f.feedbacks}</FooterLink>
          </ul>
        </Block>
        <Block title={f.account}>
          <ul>
            <FooterLink to="/account">{f.myAccount}</FooterLink>
            {!loggedIn && <FooterLink to="/login">{f.loginRegister}</FooterLink>}
            <FooterLink to="/account/wishlist">{f.wishlist}</FooterLink>
            <FooterLink to="/shops">{f.shop}</FooterLink>
          </ul>
        </Block>
        <Block title={f.quickLinks}>
          <ul>
            <FooterLink to="/privacy">{f.privacyPolicy}</FooterLink>
            <FooterLink to="/terms">{f.termsOfUse}</FooterLink>
            <FooterLink to="/faq">{f.faq}</FooterLink>
            <FooterLink to="/contact">{f.contact}</FooterLink>
            <FooterLink to="/stay-safe">{safetyMessages.footerLink}</FooterLink>
          </ul>
        </Block>
      </div>
      <div className="page flex flex-col items-center justify-between gap-4 border-t border-gray-800 py-6 sm:flex-row">
        <SocialIcons />
        <p className="text-gray-400">{messages.web.copyright(new Date().getFullYear())}</p>
      </div>
    </footer>
  );
}
