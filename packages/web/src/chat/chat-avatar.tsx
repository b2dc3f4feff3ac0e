import { ResponsiveImage } from "../ui/responsive-image.js";

/** The other party's round picture (the placeholder when they have none). */
export function ChatAvatar({ picture, size = 48 }: { picture: string | null; size?: number }) {
  return (
    <ResponsiveImage
      path={picture}
      alt=""
      width={size}
      height={size}
      sizes={`${size}px`}
      className="shrink-0 rounded-full border border-gray-200 bg-gray-100 object-cover"
    />
  );
}
