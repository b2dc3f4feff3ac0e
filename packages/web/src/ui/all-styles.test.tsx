import { describe, expect, it } from "vitest";
import { allStyles } from "./all-styles.js";

function pageWith(head: string): Document {
  const doc = document.implementation.createHTMLDocument("Katale");
  doc.head.innerHTML = head;
  return doc;
}

describe("allStyles", () => {
  it("resolves at once when the page came with every style", async () => {
    const doc = pageWith("<style>p{color:#222}</style>");
    await allStyles(doc);
    expect(doc.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
  });

  it("loads the whole stylesheet the page names, once, and goes on when it cannot load", async () => {
    const doc = pageWith('<style>p{color:#222}</style><meta name="app-styles" content="/assets/web-1.css">');
    const [first, second] = [allStyles(doc), allStyles(doc)];
    const links = doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]');
    expect([...links].map((link) => link.getAttribute("href"))).toEqual(["/assets/web-1.css"]);
    // The simulated DOM loads no stylesheet: it fails, and the screen renders anyway.
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
  });
});
