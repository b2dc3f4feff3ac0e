import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import sharp from "sharp";
import {
  IMAGE_MAX_WIDTH,
  IMAGE_VARIANT_WIDTHS,
  type ImageKind,
  PUBLIC_WEBP_QUALITY,
} from "../media/image-limits.js";
import { decodeTrusted, renderImageSet } from "../media/image-pipeline.js";
import type { MediaStore } from "../media/media-store.js";
import type { ShapeName } from "./demo-catalogue.js";

// Demo pictures are drawn, not downloaded: an SVG per picture (category colour, a simple shape, the
// name) rendered by sharp through the media pipeline. Names are content hashes, so a picture that
// already exists in the media store is reused instead of drawn again (fast reseeding).

/** Bump when the drawings change, so old files are not mistaken for new ones. */
const DRAWING_VERSION = "1";
/**
 * How the drawings are encoded (part of their names, so a change draws them anew): the uploads'
 * quality, at effort 2 instead of their 4 (a third of the time, within ~5 % of their bytes; effort 0
 * was a third larger than an upload of the same picture).
 */
const ENCODING = { quality: PUBLIC_WEBP_QUALITY, effort: 2 } as const;
const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

export interface ImageSpec {
  kind: ImageKind;
  /** Size of the main file (at most 1200 wide); smaller variants are drawn at their own width. */
  width: number;
  height: number;
  /** Size of the drawing's coordinate space (its viewBox), when not the main file's size. */
  view?: { width: number; height: number };
  /** SVG markup inside the root element, in viewBox coordinates. */
  body: string;
}

export interface GeneratedImage {
  path: string;
  width: number;
  height: number;
}

function svgAt(spec: ImageSpec, width: number): Buffer {
  const height = Math.round((spec.height * width) / spec.width);
  const view = spec.view ?? spec;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${view.width} ${view.height}">${spec.body}</svg>`,
  );
}

export function imageName(spec: ImageSpec): string {
  return createHash("sha256")
    .update(
      `${DRAWING_VERSION}|q${ENCODING.quality}e${ENCODING.effort}|${spec.kind}|${spec.width}x${spec.height}|${spec.view?.width}|${spec.body}`,
    )
    .digest("hex")
    .slice(0, 16);
}

/** Renders (or finds) every picture; results are in the order of `specs`. */
export async function generateImages(
  media: MediaStore,
  specs: readonly ImageSpec[],
  concurrency = Math.max(1, availableParallelism()),
): Promise<{ images: GeneratedImage[]; rendered: number }> {
  const images: GeneratedImage[] = new Array(specs.length);
  const byName = new Map<string, Promise<GeneratedImage>>();
  let rendered = 0;
  let next = 0;

  async function one(spec: ImageSpec): Promise<GeneratedImage> {
    const name = imageName(spec);
    const path = `/media/${spec.kind}/${name}.webp`;
    const mainWidth = Math.min(spec.width, IMAGE_MAX_WIDTH);
    const size = { width: mainWidth, height: Math.round((spec.height * mainWidth) / spec.width) };
    // The main file is written last: if it is there, the variants are too.
    if (await media.hasImage(spec.kind, name)) return { path, ...size };
    const { files, ...written } = await renderImageSet(
      (width) => decodeTrusted(sharp(svgAt(spec, width)), width),
      spec.width,
      name,
      { maxWidth: IMAGE_MAX_WIDTH, variantWidths: IMAGE_VARIANT_WIDTHS, ...ENCODING },
    );
    await media.saveImageSet(spec.kind, files);
    rendered++;
    return { path, ...written };
  }

  // Processes seeding into one media folder at once (parallel test files) start at different
  // places, so they share the drawing instead of all drawing everything.
  const offset = specs.length > 0 ? Math.imul(process.pid, 2654435761) >>> 0 : 0;

  async function worker() {
    while (next < specs.length) {
      const index = (next++ + offset) % specs.length;
      const spec = specs[index]!;
      const name = `${spec.kind}/${imageName(spec)}`;
      let job = byName.get(name);
      if (!job) {
        job = one(spec);
        byName.set(name, job);
      }
      images[index] = await job;
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, specs.length) }, worker));
  return { images, rendered };
}

// ---- Drawing helpers ---------------------------------------------------------------------------

export function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/** Greedy word wrap by character count (good enough for a bold sans serif), at most `maxLines`. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.;:-]+$/, "")}…`;
    return kept;
  }
  return lines;
}

function textLines(
  lines: readonly string[],
  opts: {
    x: number;
    y: number;
    size: number;
    lineHeight: number;
    fill: string;
    weight?: string;
    anchor?: string;
  },
): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${opts.x}" y="${opts.y + i * opts.lineHeight}" font-family="${FONT}" font-size="${opts.size}" font-weight="${opts.weight ?? "bold"}" fill="${opts.fill}" text-anchor="${opts.anchor ?? "middle"}">${escapeXml(line)}</text>`,
    )
    .join("");
}

/** Mixes a #rrggbb colour with white (amount 0 = colour, 1 = white). */
export function tint(colour: string, amount: number): string {
  const n = Number.parseInt(colour.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 255;
    return Math.round(c + (255 - c) * amount)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** Darkens a #rrggbb colour (amount 0 = colour, 1 = black). */
export function shade(colour: string, amount: number): string {
  const n = Number.parseInt(colour.slice(1), 16);
  const channel = (shift: number) =>
    Math.round(((n >> shift) & 255) * (1 - amount))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** A shape in a 200×200 box centred on the origin. */
function shapeMarkup(shape: ShapeName, fill: string, accent: string): string {
  switch (shape) {
    case "phone":
      return `<rect x="-55" y="-95" width="110" height="190" rx="18" fill="${fill}"/><rect x="-45" y="-75" width="90" height="140" rx="4" fill="${accent}"/><circle cx="0" cy="80" r="7" fill="${accent}"/>`;
    case "screen":
      return `<rect x="-95" y="-70" width="190" height="120" rx="8" fill="${fill}"/><rect x="-85" y="-60" width="170" height="100" fill="${accent}"/><rect x="-10" y="50" width="20" height="25" fill="${fill}"/><rect x="-45" y="72" width="90" height="10" rx="4" fill="${fill}"/>`;
    case "shirt":
      return `<path d="M-40 -85 L-95 -50 L-70 -10 L-50 -25 L-50 90 L50 90 L50 -25 L70 -10 L95 -50 L40 -85 Q0 -55 -40 -85 Z" fill="${fill}"/><path d="M-20 -80 Q0 -60 20 -80" stroke="${accent}" stroke-width="6" fill="none"/>`;
    case "pot":
      return `<ellipse cx="0" cy="10" rx="85" ry="70" fill="${fill}"/><rect x="-95" y="-40" width="190" height="18" rx="9" fill="${accent}"/><rect x="-30" y="-62" width="60" height="16" rx="8" fill="${fill}"/><rect x="-115" y="-5" width="30" height="14" rx="7" fill="${fill}"/><rect x="85" y="-5" width="30" height="14" rx="7" fill="${fill}"/>`;
    case "tools":
      return `<g transform="rotate(-40)"><rect x="-11" y="-30" width="22" height="125" rx="8" fill="${fill}"/><rect x="-55" y="-80" width="110" height="45" rx="10" fill="${fill}"/></g><g transform="rotate(40)"><rect x="-11" y="-60" width="22" height="155" rx="8" fill="${fill}"/><circle cx="0" cy="-75" r="30" fill="${fill}"/><rect x="-9" y="-112" width="18" height="40" fill="${accent}"/></g>`;
    case "basket":
      return `<path d="M-95 -10 L95 -10 L70 85 L-70 85 Z" fill="${fill}"/><path d="M-60 -10 Q0 -110 60 -10" stroke="${fill}" stroke-width="12" fill="none"/><path d="M-50 20 L50 20 M-45 50 L45 50" stroke="${accent}" stroke-width="8"/><circle cx="-25" cy="-25" r="20" fill="${accent}"/><circle cx="20" cy="-30" r="24" fill="${accent}"/>`;
    case "drop":
      return `<path d="M0 -100 C40 -40 75 0 75 35 A75 75 0 0 1 -75 35 C-75 0 -40 -40 0 -100 Z" fill="${fill}"/><ellipse cx="-28" cy="30" rx="14" ry="24" fill="${accent}"/>`;
    case "leaf":
      return `<path d="M-80 80 C-90 -40 0 -100 90 -90 C95 10 40 90 -80 80 Z" fill="${fill}"/><path d="M-80 80 L60 -60" stroke="${accent}" stroke-width="8"/>`;
    case "wheel":
      return `<circle r="95" fill="${fill}"/><circle r="65" fill="${accent}"/><circle r="20" fill="${fill}"/>${[
        0, 60, 120,
      ]
        .map((a) => `<rect x="-4" y="-65" width="8" height="130" fill="${fill}" transform="rotate(${a})"/>`)
        .join("")}`;
    case "house":
      return `<path d="M0 -95 L100 -10 L75 -10 L75 90 L-75 90 L-75 -10 L-100 -10 Z" fill="${fill}"/><rect x="-20" y="30" width="40" height="60" fill="${accent}"/><rect x="30" y="0" width="30" height="30" fill="${accent}"/><rect x="-60" y="0" width="30" height="30" fill="${accent}"/>`;
    case "star":
      return `<path d="M0 -100 L24 -32 L95 -31 L38 12 L59 81 L0 40 L-59 81 L-38 12 L-95 -31 L-24 -32 Z" fill="${fill}"/><circle r="18" fill="${accent}"/>`;
    case "book":
      return `<path d="M0 -60 Q-50 -90 -100 -70 L-100 80 Q-50 60 0 90 Z" fill="${fill}"/><path d="M0 -60 Q50 -90 100 -70 L100 80 Q50 60 0 90 Z" fill="${shade(fill, 0.2)}"/><path d="M-80 -40 L-20 -30 M-80 -10 L-20 0 M20 -30 L80 -40 M20 0 L80 -10" stroke="${accent}" stroke-width="6"/>`;
    case "ball":
      return `<circle r="95" fill="${fill}"/><path d="M0 -35 L33 -11 L21 28 L-21 28 L-33 -11 Z" fill="${accent}"/><path d="M0 -35 L0 -95 M33 -11 L90 -30 M21 28 L56 77 M-21 28 L-56 77 M-33 -11 L-90 -30" stroke="${accent}" stroke-width="6"/>`;
  }
}

function shapeAt(
  shape: ShapeName,
  x: number,
  y: number,
  scale: number,
  rotate: number,
  fill: string,
  accent: string,
) {
  return `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${scale})">${shapeMarkup(shape, fill, accent)}</g>`;
}

const BRAND = (x: number, y: number, size: number, fill: string) =>
  `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="bold" fill="${fill}" text-anchor="start">katale</text>`;

// ---- The demo's pictures -----------------------------------------------------------------------

/** First picture of a product: the name on a card in the category colour. 480×480. */
export function productCover(
  name: string,
  subCategory: string,
  colour: string,
  shape: ShapeName,
  variant: number,
) {
  const lines = wrapText(name, 21, 3);
  const panelTop = 600 - 64 - lines.length * 44;
  return {
    kind: "products" as const,
    width: 480,
    height: 480,
    view: { width: 600, height: 600 },
    body:
      `<rect width="600" height="600" fill="${tint(colour, 0.82)}"/>` +
      `<circle cx="${440 + (variant % 5) * 20}" cy="${85 + (variant % 3) * 25}" r="${110 + (variant % 4) * 15}" fill="${tint(colour, 0.65)}"/>` +
      shapeAt(
        shape,
        300,
        panelTop / 2 + 20,
        1.1 + (variant % 3) * 0.1,
        ((variant % 7) - 3) * 6,
        colour,
        tint(colour, 0.9),
      ) +
      `<rect y="${panelTop}" width="600" height="${600 - panelTop}" fill="${colour}"/>` +
      textLines(lines, { x: 300, y: panelTop + 54, size: 38, lineHeight: 44, fill: "#ffffff" }) +
      BRAND(22, 42, 24, shade(colour, 0.2)) +
      textLines([subCategory], {
        x: 578,
        y: 42,
        size: 19,
        lineHeight: 22,
        fill: shade(colour, 0.3),
        weight: "normal",
        anchor: "end",
      }),
  };
}

/**
 * Further pictures of a product: other "angles" of the item, without text (cheaper to draw), varied
 * by the product so each product's pictures are its own files. 360×360.
 */
export function productView(colour: string, shape: ShapeName, product: number, view: number) {
  const dark = view % 2 === 1;
  const background = dark ? shade(colour, 0.15) : tint(colour, 0.9);
  const fill = dark ? tint(colour, 0.85) : colour;
  const turn = ((product * 7 + view * 31) % 90) - 45;
  const dx = ((product * 13 + view * 17) % 60) - 30;
  return {
    kind: "products" as const,
    width: 360,
    height: 360,
    view: { width: 480, height: 480 },
    body:
      `<rect width="480" height="480" fill="${background}"/>` +
      `<circle cx="${240 - dx * 3}" cy="${380 + (product % 40)}" r="${150 + (product % 50)}" fill="${dark ? shade(colour, 0.25) : tint(colour, 0.75)}"/>` +
      shapeAt(shape, 240 + dx, 230, 1.2 + (view % 3) * 0.15, turn, fill, dark ? colour : tint(colour, 0.6)),
  };
}

/** A category tile. 480×480. */
export function categoryTile(name: string, colour: string, shape: ShapeName) {
  const lines = wrapText(name, 16, 2);
  return {
    kind: "categories" as const,
    width: 480,
    height: 480,
    body:
      `<rect width="480" height="480" fill="${colour}"/>` +
      `<circle cx="240" cy="190" r="130" fill="${tint(colour, 0.25)}"/>` +
      shapeAt(shape, 240, 190, 1, 0, "#ffffff", colour) +
      textLines(lines, {
        x: 240,
        y: lines.length > 1 ? 380 : 410,
        size: 40,
        lineHeight: 46,
        fill: "#ffffff",
      }),
  };
}

/** A sub category tile: the category's shape turned a little, on a light background. 360×360. */
export function subCategoryTile(name: string, colour: string, shape: ShapeName, index: number) {
  const lines = wrapText(name, 18, 2);
  return {
    kind: "subcategories" as const,
    width: 360,
    height: 360,
    view: { width: 480, height: 480 },
    body:
      `<rect width="480" height="480" fill="${tint(colour, 0.85)}"/>` +
      shapeAt(shape, 240, 180, 0.95, (index % 5) * 12 - 24, colour, tint(colour, 0.85)) +
      textLines(lines, {
        x: 240,
        y: lines.length > 1 ? 375 : 405,
        size: 36,
        lineHeight: 42,
        fill: shade(colour, 0.25),
      }),
  };
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

/** A shop's logo: initials in a circle. 400×400. */
export function shopLogo(name: string, colour: string) {
  return {
    kind: "shops" as const,
    width: 400,
    height: 400,
    body:
      `<rect width="400" height="400" fill="${tint(colour, 0.85)}"/><circle cx="200" cy="200" r="170" fill="${colour}"/>` +
      textLines([initials(name)], { x: 200, y: 245, size: 130, lineHeight: 130, fill: "#ffffff" }),
  };
}

/** A shop's cover banner: name and town. 1200×400. */
export function shopCover(name: string, town: string, colour: string, shape: ShapeName) {
  return {
    kind: "shops" as const,
    width: 1200,
    height: 400,
    body:
      `<rect width="1200" height="400" fill="${colour}"/>` +
      `<circle cx="1020" cy="200" r="260" fill="${tint(colour, 0.2)}"/>` +
      shapeAt(shape, 1000, 200, 1.3, -8, tint(colour, 0.85), colour) +
      textLines([name], { x: 70, y: 190, size: 64, lineHeight: 64, fill: "#ffffff", anchor: "start" }) +
      textLines([town], {
        x: 70,
        y: 260,
        size: 36,
        lineHeight: 36,
        fill: tint(colour, 0.7),
        weight: "normal",
        anchor: "start",
      }),
  };
}

const AVATAR_COLOURS = [
  "#1565c0",
  "#ad1457",
  "#00897b",
  "#ef6c00",
  "#6a1b9a",
  "#558b2f",
  "#c62828",
  "#283593",
];

/** A user's profile picture: initials. 240×240. */
export function avatar(name: string, index: number) {
  const colour = AVATAR_COLOURS[index % AVATAR_COLOURS.length]!;
  return {
    kind: "avatars" as const,
    width: 240,
    height: 240,
    body:
      `<rect width="240" height="240" fill="${colour}"/>` +
      textLines([initials(name)], { x: 120, y: 150, size: 90, lineHeight: 90, fill: "#ffffff" }),
  };
}

/** A buyer's photo attached to a review. 640×480. */
export function commentPhoto(productName: string, colour: string, shape: ShapeName, index: number) {
  return {
    kind: "comments" as const,
    width: 640,
    height: 480,
    body:
      `<rect width="640" height="480" fill="#efe6d8"/><rect y="330" width="640" height="150" fill="#b08d6a"/>` +
      shapeAt(
        shape,
        320 + ((index % 3) - 1) * 60,
        230,
        1.2,
        ((index % 5) - 2) * 10,
        colour,
        tint(colour, 0.8),
      ) +
      textLines(wrapText(productName, 34, 1), {
        x: 320,
        y: 450,
        size: 26,
        lineHeight: 26,
        fill: "#ffffff",
        weight: "normal",
      }),
  };
}
