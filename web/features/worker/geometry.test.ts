import { describe, expect, it } from 'vitest';
import { boxFrom, cellNumber, extendLine, rotateBy, toggleCell, toNaturalPoint, toPercent } from './geometry.ts';

describe('grid cells', () => {
  it('numbers cells from 1 at the top left, row by row', () => {
    expect(cellNumber(0, 0, 3)).toBe(1);
    expect(cellNumber(0, 2, 3)).toBe(3);
    expect(cellNumber(1, 0, 3)).toBe(4);
    expect(cellNumber(2, 2, 3)).toBe(9);
    expect(cellNumber(3, 3, 4)).toBe(16);
  });

  it('toggles cells and keeps them sorted', () => {
    expect(toggleCell([], 5)).toEqual([5]);
    expect(toggleCell([5], 2)).toEqual([2, 5]);
    expect(toggleCell([2, 5], 5)).toEqual([2]);
  });
});

describe('toNaturalPoint', () => {
  it('scales a click on the shown image to natural pixels', () => {
    // A 600×300 image shown at 300×150, 10 px from the left and 20 px from the top of the page.
    const shown = { left: 10, top: 20, width: 300, height: 150 };
    expect(toNaturalPoint(160, 95, shown, { width: 600, height: 300 })).toEqual({ x: 300, y: 150 });
    expect(toNaturalPoint(10, 20, shown, { width: 600, height: 300 })).toEqual({ x: 0, y: 0 });
  });

  it('clamps to the image', () => {
    expect(toNaturalPoint(500, -5, { left: 0, top: 0, width: 100, height: 100 }, { width: 200, height: 200 })).toEqual({ x: 199, y: 0 });
  });

  it('places natural points back in percent', () => {
    expect(toPercent({ x: 150, y: 75 }, { width: 600, height: 300 })).toEqual({ left: '25%', top: '25%' });
  });
});

describe('rotateBy', () => {
  it('turns by the step and wraps below 360', () => {
    expect(rotateBy(0, 40, 1)).toBe(40);
    expect(rotateBy(320, 40, 1)).toBe(0);
    expect(rotateBy(0, 40, -1)).toBe(320);
    // 7° steps: the largest multiple below 360 is 357.
    expect(rotateBy(357, 7, 1)).toBe(0);
    expect(rotateBy(0, 7, -1)).toBe(357);
    expect(rotateBy(0, 90, -1)).toBe(270);
  });
});

describe('boxes and lines', () => {
  it('orders box corners and drops accidental clicks', () => {
    expect(boxFrom({ x: 50, y: 40 }, { x: 10, y: 80 })).toEqual({ xMin: 10, xMax: 50, yMin: 40, yMax: 80 });
    expect(boxFrom({ x: 5, y: 5 }, { x: 6, y: 6 })).toBeNull();
  });

  it('skips points too close to the previous one', () => {
    expect(extendLine([{ x: 0, y: 0 }], { x: 1, y: 1 })).toEqual([{ x: 0, y: 0 }]);
    expect(extendLine([{ x: 0, y: 0 }], { x: 10, y: 0 })).toEqual([{ x: 0, y: 0 }, { x: 10, y: 0 }]);
  });
});
