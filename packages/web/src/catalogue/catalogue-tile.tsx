import { Link } from "react-router";
import { ResponsiveImage } from "../ui/responsive-image.js";

export interface CatalogueTileProps {
  readonly to: string;
  readonly name: string;
  readonly imageUrl: string | null;
  readonly onOpen?: () => void;
  readonly priority?: boolean;
}

/** A round picture with its name under it: categories, sub categories, services. */
export function CatalogueTile({ to, name, imageUrl, onOpen, priority }: CatalogueTileProps) {
  return (
    <Link
      to={to}
      onClick={onOpen}
      className="group flex flex-col items-center gap-2 rounded-lg p-1 text-center"
    >
      <ResponsiveImage
        path={imageUrl}
        alt=""
        width={80}
        height={80}
        sizes="80px"
        priority={priority}
        className="h-16 w-16 rounded-full border border-gray-200 bg-white object-cover sm:h-20 sm:w-20"
      />
      <span className="line-clamp-3 break-words text-xs text-gray-800 group-hover:text-brand-700 sm:text-sm">
        {name}
      </span>
    </Link>
  );
}
