/* global document, getComputedStyle, CSS -- used inside page.evaluate(), which runs in the browser */
/**
 * Tap targets of a phone screen (issue 27, WCAG 2.5.5): every control the thumb must hit is at
 * least 44 x 44 CSS px. A control is measured with its <label> when it has one (a checkbox whose
 * label is the target). Left out: links inside running text (a <p>'s inline links, WCAG's
 * "inline" exception), controls hidden from view (sr-only inputs whose label is measured
 * instead, closed menus) and anything outside `within`.
 */
export async function smallTapTargets(page, { within = 'body', min = 44 } = {}) {
  return page.evaluate(
    ({ within, min }) => {
      const selector = [
        'a[href]',
        'button',
        'input:not([type=hidden])',
        'select',
        'textarea',
        'summary',
        '[role=button]',
        '[role=link]',
        '[role=checkbox]',
        '[role=radio]',
        '[role=tab]',
        '[role=switch]',
        '[role=combobox]',
        '[role=menuitem]',
      ].join(',');
      const root = document.querySelector(within) ?? document.body;
      const small = [];
      for (const element of root.querySelectorAll(selector)) {
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        let rect = element.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) continue; // sr-only: its label is the target
        if (element.closest('[aria-hidden=true], [inert]')) continue;
        // Visually hidden until focused (the skip link): clipped away.
        if (style.clipPath !== 'none' || (style.clip !== 'auto' && style.clip !== '')) continue;
        const inline = element.tagName === 'A' && element.closest('p') && style.display === 'inline';
        if (inline) continue;
        const label =
          element.closest('label') ??
          (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null);
        if (label && label.contains(element)) {
          const outer = label.getBoundingClientRect();
          rect = { width: Math.max(rect.width, outer.width), height: Math.max(rect.height, outer.height) };
        }
        if (rect.width + 0.5 < min || rect.height + 0.5 < min) {
          const name = (
            element.getAttribute('aria-label') ||
            element.textContent ||
            element.getAttribute('name') ||
            element.tagName
          )
            .trim()
            .replace(/\s+/g, ' ')
            .slice(0, 40);
          small.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(rect.width)}x${Math.round(rect.height)}`);
        }
      }
      return small;
    },
    { within, min },
  );
}
