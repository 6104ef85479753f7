/** A paw in a circle, in the theme's primary colour. Decorative: the product name always stands beside it. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden style={{ flexShrink: 0 }}>
      <circle cx="32" cy="32" r="32" fill="var(--mantine-primary-color-filled)" />
      <g fill="#fff">
        <path d="M32 32c-7 0-14 7.5-14 13 0 4 3 6 6.5 6 3 0 5-1.5 7.5-1.5s4.5 1.5 7.5 1.5c3.5 0 6.5-2 6.5-6 0-5.5-7-13-14-13z" />
        <ellipse cx="18.5" cy="29" rx="4.5" ry="6" transform="rotate(-20 18.5 29)" />
        <ellipse cx="26.5" cy="19.5" rx="4.6" ry="6.4" transform="rotate(-8 26.5 19.5)" />
        <ellipse cx="37.5" cy="19.5" rx="4.6" ry="6.4" transform="rotate(8 37.5 19.5)" />
        <ellipse cx="45.5" cy="29" rx="4.5" ry="6" transform="rotate(20 45.5 29)" />
      </g>
    </svg>
  );
}
