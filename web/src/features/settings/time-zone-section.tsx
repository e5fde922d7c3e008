import { browserTimeZone } from "../../lib/api-client";

/** "Central European Standard Time · GMT+01:00" for a zone at `now`; what an engine cannot name is left out. */
export function describeTimeZone(timeZone: string, now: Date, locale?: string): string {
  const part = (style: "long" | "longOffset") => {
    try {
      return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style }).formatToParts(now).find((p) => p.type === "timeZoneName")?.value ?? "";
    } catch {
      return "";
    }
  };
  const name = part("long");
  const offset = part("longOffset");
  return [name, offset].filter((text, i, all) => text && all.indexOf(text) === i).join(" · ");
}

/**
 * The zone notes are filed in (DESIGN §5): the browser's, which the app sends as `tz` with every
 * list and recording. It is the device's own setting, so this section shows it and says where it
 * comes from rather than offering a choice.
 */
export function TimeZoneSettings() {
  const zone = browserTimeZone();
  const described = describeTimeZone(zone, new Date());
  return (
    <>
      <p className="text-base font-medium text-slate-900" data-testid="time-zone">
        {zone}
      </p>
      {described ? <p className="mt-0.5 text-slate-500">{described}</p> : null}
      <p className="mt-3">
        Notes are filed under the day they were recorded in this time zone, and your days, weeks and months begin at
        midnight here. It follows this device's own time zone setting.
      </p>
    </>
  );
}
