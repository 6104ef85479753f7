// The date pickers' Hindi month and day names, registered with dayjs (DatesProvider's locale follows
// the language: app/routes/app/root.tsx). Imported by each module that draws a date picker, so they
// come with the pickers' own chunk ('forms', vite.config.ts), not with the Hindi catalogue on pages
// that have no date picker, such as the dashboard.
import 'dayjs/locale/hi';
