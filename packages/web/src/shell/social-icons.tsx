// Brand marks are not in lucide; small single-path glyphs keep the footer light.
const icons = [
  {
    name: "Facebook",
    href: "https://www.facebook.com/",
    path: "M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9H17l.5-4h-4V8.8c0-.5.3-.8.5-.8z",
  },
  {
    name: "X",
    href: "https://x.com/",
    path: "M4 4h4.6l4 5.6L17.3 4H20l-6.1 7.2L20.5 20h-4.6l-4.3-6-5.1 6H3.8l6.5-7.6z",
  },
  {
    name: "Instagram",
    href: "https://www.instagram.com/",
    path: "M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2z",
  },
  {
    name: "YouTube",
    href: "https://www.youtube.com/",
    path: "M21.6 7.2c.4 1.5.4 4.8.4 4.8s0 3.3-.4 4.8a2.5 2.5 0 0 1-1.8 1.8C18.3 19 12 19 12 19s-6.3 0-7.8-.4a2.5 2.5 0 0 1-1.8-1.8C2 15.3 2 12 2 12s0-3.3.4-4.8a2.5 2.5 0 0 1 1.8-1.8C5.7 5 12 5 12 5s6.3 0 7.8.4a2.5 2.5 0 0 1 1.8 1.8zM10 15l5.2-3L10 9z",
  },
] as const;

export function SocialIcons() {
  return (
    <ul className="flex gap-2">
      {icons.map((icon) => (
        <li key={icon.name}>
          <a
            href={icon.href}
            rel="noopener noreferrer"
            target="_blank"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-gray-800 text-white hover:bg-brand-700"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="currentColor">
              <path d={icon.path} />
            </svg>
            <span className="sr-only">{icon.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
