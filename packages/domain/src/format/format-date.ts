import { messages } from "../messages.js";

// en-US dates and 12-hour times (spec §9). Callers pass the date (and "today" where needed) rather
// than a clock, and may fix the time zone (tests, servers); the default is the device's zone.

/** "Mar 5, 2024". */
export function formatDate(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone,
  }).format(date);
}

/** "3:07 PM". */
export function formatTime(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", {
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZone,
  }).format(date);
}

/** Chat day label: "Today" when on the same calendar day as `today`, else "05 Mar 2024" (spec §2). */
export function formatDayLabel(date: Date, today: Date, timeZone?: string): string {
  const day = dayParts(date, timeZone);
  const current = dayParts(today, timeZone);
  if (day.year === current.year && day.month === current.month && day.day === current.day) {
    return messages.common.today;
  }
  return `${day.day} ${day.month} ${day.year}`;
}

function dayParts(date: Date, timeZone?: string): { day: string; month: string; year: string } {
  const parts = new Intl.DateTimeFormat("en-US", {
    day: "2-digit",
    month: "short",
    year: "numeric",
    timeZone,
  })
    .formatToParts(date)
    .reduce<Record<string, string>>((acc, part) => {
      acc[part.type] = part.value;
      return acc;
    }, {});
  return { day: parts.day ?? "", month: parts.month ?? "", year: parts.year ?? "" };
}
