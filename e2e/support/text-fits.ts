import type { Locator } from '@playwright/test';

/**
 * Whether a field's text reads whole: `which` names the text (a select's chosen option, an input's
 * placeholder), measured in the field's own font against its width less its padding.
 */
export function textFits(field: Locator, which: 'chosen' | 'placeholder'): Promise<boolean> {
  return field.evaluate((element: HTMLInputElement | HTMLSelectElement, kind) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const text =
      kind === 'chosen'
        ? (element as HTMLSelectElement).selectedOptions[0]!.text
        : (element as HTMLInputElement).placeholder;
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(text).width <= room;
  }, which);
}
