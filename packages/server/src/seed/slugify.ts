/** URL slug of a name: lower-case ASCII words joined by dashes ("Kitenge fabric 6 yards" -> "kitenge-fabric-6-yards"). */
export function slugify(name: string, maxLength = 80): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.slice(0, maxLength).replace(/-+$/g, "") || "item";
}
