import { messages, webAccountMessages } from "@katale/domain";
import { Link } from "react-router";

// Brand glyphs (lucide has none): single paths keep them light.
const brands = [
  {
    name: webAccountMessages.google,
    path: "M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3zM12 22c2.7 0 5-.9 6.6-2.5l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22zM6.4 13.9a6 6 0 0 1 0-3.8V7.5H3.1a10 10 0 0 0 0 9zM12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.5l3.3 2.6C7.2 7.8 9.4 6 12 6z",
  },
  {
    name: webAccountMessages.facebook,
    path: "M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9H17l.5-4h-4V8.8c0-.5.3-.8.5-.8z",
  },
  {
    name: webAccountMessages.twitter,
    path: "M4 4h4.6l4 5.6L17.3 4H20l-6.1 7.2L20.5 20h-4.6l-4.3-6-5.1 6H3.8l6.5-7.6z",
  },
] as const;

/** 'Or login using' Google, Facebook, Twitter: they only lead to /login (spec §2). */
export function SocialLogin() {
  return (
    <div className="mt-6">
      <p className="flex items-center gap-3 text-sm text-gray-600 before:h-px before:flex-1 before:bg-gray-200 after:h-px after:flex-1 after:bg-gray-200">
        {messages.login.orLoginUsing}
      </p>
      <ul className="mt-3 grid grid-cols-3 gap-2">
        {brands.map((brand) => (
          <li key={brand.name}>
            <Link to="/login" className="btn-secondary w-full px-2">
              <svg
                aria-hidden="true"
                className="shrink-0"
                viewBox="0 0 24 24"
                width="18"
                height="18"
                fill="currentColor"
              >
                <path d={brand.path} />
              </svg>
              {brand.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
