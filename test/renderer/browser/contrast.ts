import type { Page } from 'playwright-core';

/** A piece of the page below its WCAG AA contrast. */
export interface ContrastFailure {
  what: string;
  ratio: number;
  needed: number;
  fg: string;
  bg: string;
}

/**
 * Measures, in the page, the contrast of every visible text against the background it is drawn
 * on (4.5:1, or 3:1 for large text) and of every control's edge (its border, or its own
 * background) against what surrounds it (3:1, WCAG 1.4.11). Disabled controls are exempt, as
 * in WCAG. Colours come from getComputedStyle; backgrounds are composited up the ancestors.
 */
export function contrastFailures(page: Page): Promise<ContrastFailure[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (text: string): Rgba | null => {
      const m = /rgba?\(([\d.]+)[, ]+([\d.]+)[, ]+([\d.]+)(?:[,/ ]+([\d.]+%?))?\)/.exec(text);
      if (!m) return null;
      const alpha =
        m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : Number(m[4]);
      return [Number(m[1]), Number(m[2]), Number(m[3]), alpha];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3];
      return [
        top[0] * a + bottom[0] * (1 - a),
        top[1] * a + bottom[1] * (1 - a),
        top[2] * a + bottom[2] * (1 - a),
        1,
      ];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    // The opaque colour an element is drawn on: its own background and its ancestors', composited.
    const backgroundOf = (element: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let node = element; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour && colour[3] > 0) {
          layers.push(colour);
          if (colour[3] >= 1) break;
        }
      }
      let result: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1) return false;
      if (rect.bottom < 0 || rect.top > innerHeight || rect.right < 0 || rect.left > innerWidth)
        return false;
      if (element.closest('.sr-only, [hidden], [aria-hidden="true"]')) return false;
      return getComputedStyle(element).visibility === 'visible';
    };
    const disabled = (element: Element) =>
      element.closest('button:disabled, input:disabled, select:disabled, fieldset:disabled') !==
      null;
    const describe = (element: Element, text: string) =>
      `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${text.slice(0, 30)}"`;
    const css = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(',')})`;
    const failures: {
      what: string;
      ratio: number;
      needed: number;
      fg: string;
      bg: string;
    }[] = [];

    for (const element of document.querySelectorAll('body *')) {
      if (!visible(element) || disabled(element)) continue;
      const text = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      const isField = element instanceof HTMLInputElement || element instanceof HTMLSelectElement;
      const shown = isField ? (element as HTMLInputElement).value : text;
      if (
        shown === '' ||
        (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type))
      )
        continue;
      const style = getComputedStyle(element);
      const bg = backgroundOf(element);
      const fgRaw = parse(style.color);
      if (!fgRaw) continue;
      const fg = over(fgRaw, bg);
      const size = parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
      const measured = ratio(fg, bg);
      if (measured < needed)
        failures.push({
          what: describe(element, shown),
          ratio: measured,
          needed,
          fg: css(fg),
          bg: css(bg),
        });
    }

    const controls = document.querySelectorAll(
      'button, input:not([type="checkbox"]):not([type="radio"]), select',
    );
    for (const element of controls) {
      if (!visible(element) || disabled(element)) continue;
      const style = getComputedStyle(element);
      const around = backgroundOf(element.parentElement);
      const own = parse(style.backgroundColor);
      const border = parse(style.borderTopColor);
      const borderWidth = parseFloat(style.borderTopWidth);
      const edges: number[] = [];
      if (own && own[3] > 0) edges.push(ratio(over(own, around), around));
      if (border && borderWidth > 0 && border[3] > 0)
        edges.push(ratio(over(border, around), around));
      // A control with neither border nor background is a text link: its text is checked above.
      if (edges.length === 0 || ((own?.[3] ?? 0) === 0 && borderWidth === 0)) continue;
      const best = Math.max(...edges);
      if (best < 3)
        failures.push({
          what: `edge of ${describe(element, element.textContent ?? '')}`,
          ratio: best,
          needed: 3,
          fg: css(border ?? [0, 0, 0, 1]),
          bg: css(around),
        });
    }
    return failures.map((f) => ({ ...f, ratio: Math.round(f.ratio * 100) / 100 }));
  });
}
