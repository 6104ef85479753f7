/*
 * The device's date and time now, as the API stores a mark's moment. Plain Date, not dayjs: this
 * module is shared by the planner and the sheet, and dayjs sits in the editing pages' 'forms'
 * chunk, which the first screens must not load (vite.config.ts).
 */
const two = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD in the device's time zone. */
export function localDate(now = new Date()): string {
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** HH:mm (24-hour) in the device's time zone. */
export function localTime(now = new Date()): string {
  return `${two(now.getHours())}:${two(now.getMinutes())}`;
}
