import { describe, expect, it } from 'vitest';
import { encodeWithinBudget, MAX_LONG_SIDE, PHOTO_BYTE_BUDGET, rungsFor, type Rung } from './resize-image';

/** An encoder whose JPEG size follows the pixels and the quality, as a grainy photo's does. */
function grainyEncoder(bytesAtFullSize: number) {
  const tried: Rung[] = [];
  const encode = (rung: Rung) => {
    tried.push(rung);
    const pixels = (rung.longSide / MAX_LONG_SIDE) ** 2;
    return Promise.resolve(new Blob([new Uint8Array(Math.round(bytesAtFullSize * pixels * (rung.quality / 0.85) ** 3))]));
  };
  return { tried, encode };
}

describe('encodeWithinBudget', () => {
  it('sends a photo that fits at full size and quality 0.85 after one encoding', async () => {
    const { tried, encode } = grainyEncoder(200 * 1024);
    const blob = await encodeWithinBudget(rungsFor('photo'), encode);
    expect(tried).toEqual([{ longSide: 1600, quality: 0.85 }]);
    expect(blob?.size).toBe(200 * 1024);
  });

  it('lowers the quality of a grainy photo before its size, and stops at the first rung within the budget', async () => {
    const { tried, encode } = grainyEncoder(620 * 1024);
    const blob = await encodeWithinBudget(rungsFor('photo'), encode);
    expect(tried).toEqual([
      { longSide: 1600, quality: 0.85 },
      { longSide: 1600, quality: 0.75 },
      { longSide: 1600, quality: 0.65 },
    ]);
    expect(blob?.size).toBeLessThanOrEqual(PHOTO_BYTE_BUDGET);
  });

  it('makes a very grainy photo smaller than 1600 px when quality alone is not enough', async () => {
    const { tried, encode } = grainyEncoder(1200 * 1024);
    const blob = await encodeWithinBudget(rungsFor('photo'), encode);
    expect(tried.at(-1)?.longSide).toBeLessThan(MAX_LONG_SIDE);
    expect(blob?.size).toBeLessThanOrEqual(PHOTO_BYTE_BUDGET);
  });

  it('keeps an identity document at 1600 px and sends its smallest full-size encoding when none fits', async () => {
    const { tried, encode } = grainyEncoder(1200 * 1024);
    const blob = await encodeWithinBudget(rungsFor('document'), encode);
    expect(tried.every((rung) => rung.longSide === MAX_LONG_SIDE)).toBe(true);
    expect(tried).toHaveLength(3);
    expect(blob?.size).toBe(Math.round(1200 * 1024 * (0.65 / 0.85) ** 3));
    expect(blob!.size).toBeGreaterThan(PHOTO_BYTE_BUDGET);
  });

  it('passes over a rung the browser could not encode, and gives null when none could be', async () => {
    const sizes = [null, 100];
    const blob = await encodeWithinBudget(rungsFor('photo'), () => {
      const size = sizes.shift();
      return Promise.resolve(size == null ? null : new Blob([new Uint8Array(size)]));
    });
    expect(blob?.size).toBe(100);
    expect(await encodeWithinBudget(rungsFor('photo'), () => Promise.resolve(null))).toBeNull();
  });
});
