import { dataSaverSrcSet, imageSrcSet } from "@katale/domain";
import { useMediaUrl } from "../media/use-media-url.js";
import { useDataSaver } from "../pwa/data-saver.js";

export interface ResponsiveImageProps {
  /** The image path as the service names it; null shows the placeholder. */
  readonly path: string | null | undefined;
  readonly alt: string;
  /** Intrinsic size: reserves the box before the image arrives (no layout shift). */
  readonly width: number;
  readonly height: number;
  /** How wide the image is shown, for the browser to pick a variant. */
  readonly sizes: string;
  /** Above the fold: load at once and early. */
  readonly priority?: boolean;
  readonly className?: string;
  /** Called once the picture has loaded, or failed to (either way it no longer takes bandwidth). */
  readonly onSettled?: () => void;
}

/** An image with the -240/-480/-800 variants in its srcset, lazy below the fold. */
export function ResponsiveImage({
  path,
  alt,
  width,
  height,
  sizes,
  priority,
  className,
  onSettled,
}: ResponsiveImageProps) {
  const url = useMediaUrl()(path);
  // Data saver: a variant a size smaller (the server's first-screen preload picks the same).
  const srcSet = useDataSaver() ? dataSaverSrcSet : imageSrcSet;
  const src = url ?? "/placeholder.svg";
  return (
    <img
      src={src}
      srcSet={url === null ? undefined : srcSet(url)}
      sizes={url === null ? undefined : sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={className}
      onLoad={onSettled}
      onError={onSettled}
    />
  );
}
