import { Link } from "react-router";
import { useDataSaver } from "../pwa/data-saver.js";
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
  // Data saver: the name's first letter in the picture's round, which costs no download (the
  // picture only decorates the name under it; a home's first screen spends ~20 KB on them).
  const saver = useDataSaver();
  return (
    <Link
      to={to}
      onClick={onOpen}
      className="group flex flex-col items-center gap-2 rounded-lg p-1 text-center"
    >
      {saver ? (
        <span
          aria-hidden="true"
          className="flex h-16 w-16 items-center justify-center rounded-full border border-brand-100 bg-brand-50 text-2xl font-semibold text-brand-700 sm:h-20 sm:w-20"
        >
          {name.trim().charAt(0).toUpperCase()}
        </span>
      ) : (
        <ResponsiveImage
          path={imageUrl}
          alt=""
          width={80}
          height={80}
          sizes="80px"
          priority={priority}
          className="h-16 w-16 rounded-full border border-gray-200 bg-white object-cover sm:h-20 sm:w-20"
        />
      )}
      <span className="line-clamp-3 break-words text-xs text-gray-800 group-hover:text-brand-700 sm:text-sm">
        {name}
      </span>
    </Link>
  );
}
