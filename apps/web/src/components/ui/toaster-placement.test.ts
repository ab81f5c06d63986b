import { describe, expect, it } from 'vitest';
import { toastColumn, toastTop, type Box, type PlacementInput } from './toaster-placement';

const box = (top: number, bottom: number, left: number, right: number): Box => ({ top, bottom, left, right });
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const place = (input: Partial<PlacementInput>) =>
  toastTop({
    viewport: desktop,
    mobile: false,
    headers: [],
    obstacles: [],
    modal: false,
    stackHeight: 56,
    ...input,
  });

describe('toast placement', () => {
  it('uses the right edge on desktop and the centre on phones, 350 px at most', () => {
    expect(toastColumn(desktop, false)).toEqual({ left: 914, right: 1264 });
    expect(toastColumn(phone, true)).toEqual({ left: 20, right: 370 });
    expect(toastColumn({ width: 320 }, true)).toEqual({ left: 16, right: 304 });
  });

  it('starts 16 px from the top with nothing above it', () => {
    expect(place({})).toBe(16);
  });

  it('goes below the lowest header in its column, ignoring headers beside it', () => {
    const pageHeader = box(0, 64, 264, 1280);
    const documentToolbar = box(110, 150, 700, 1280);
    const sidebarOnly = box(0, 400, 0, 264);
    expect(place({ headers: [pageHeader, documentToolbar, sidebarOnly] })).toBe(166);
  });

  it('frees the room of a header scrolled out of the window', () => {
    expect(place({ headers: [box(-80, -16, 264, 1280)] })).toBe(16);
  });

  it('on phones goes below the 56 px header and the tabs', () => {
    expect(
      place({ viewport: phone, mobile: true, headers: [box(0, 56, 0, 390), box(56, 100, 0, 390)] }),
    ).toBe(116);
  });

  it('never lies over an open dialog’s buttons: above it when the page is inert, else below them', () => {
    const header = box(0, 64, 264, 1280);
    const closeButton = box(90, 130, 1200, 1240);
    // Modal: the header under the overlay takes no clicks, the top edge is free.
    expect(place({ headers: [header], obstacles: [closeButton], modal: true })).toBe(16);
    // Not modal (a menu): below its controls.
    expect(place({ headers: [header], obstacles: [closeButton], modal: false })).toBe(138);
  });

  it('a bottom sheet’s buttons on a phone leave the top to the toast', () => {
    const sheetButtons = [box(700, 740, 20, 190), box(700, 740, 200, 370)];
    expect(
      place({
        viewport: phone,
        mobile: true,
        headers: [box(0, 56, 0, 390)],
        obstacles: sheetButtons,
        modal: true,
      }),
    ).toBe(72);
  });

  it('with no free place it stays below the headers', () => {
    const wall = Array.from({ length: 20 }, (_, index) => box(index * 40, index * 40 + 40, 900, 1280));
    expect(place({ headers: [box(0, 64, 264, 1280)], obstacles: wall, modal: false })).toBe(80);
  });
});
