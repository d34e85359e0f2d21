import { describe, expect, it } from 'vitest';
import { KeyboardCode } from '@dnd-kit/core';
import { columnByColumn } from './pipeline-screen.tsx';

const rect = (left: number) => ({ left, right: left + 280, top: 100, bottom: 700, width: 280, height: 600 });
const context = { droppableRects: new Map([['won', rect(620)], ['enquiry', rect(20)], ['quoted', rect(320)]]) };
const key = (code: string) => ({ code, preventDefault() {} }) as unknown as KeyboardEvent;
const at = (x: number, code: string) => columnByColumn(key(code), { active: 'd1', currentCoordinates: { x, y: 180 }, context } as never);

describe('moving a deal with the keyboard', () => {
  it('jumps one whole column per left or right arrow, and stays at either end', () => {
    expect(at(40, KeyboardCode.Right)).toEqual({ x: 328, y: 148 });
    expect(at(328, KeyboardCode.Right)).toEqual({ x: 628, y: 148 });
    expect(at(628, KeyboardCode.Right)).toEqual({ x: 628, y: 180 });
    expect(at(628, KeyboardCode.Left)).toEqual({ x: 328, y: 148 });
    expect(at(40, KeyboardCode.Left)).toEqual({ x: 40, y: 180 });
  });

  it('leaves other keys to the sensor (Space drops, Escape cancels)', () => {
    expect(at(40, KeyboardCode.Down)).toBeUndefined();
    expect(at(40, KeyboardCode.Space)).toBeUndefined();
  });
});
