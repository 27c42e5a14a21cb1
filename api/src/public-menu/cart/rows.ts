/**
 * The menu's dish rows are laid out only near the screen (`content-visibility:auto` on
 * `li[data-product]`, styles.ts), which keeps the page's first layout short. A row not laid out
 * stands at an estimated height, so a jump to a category far down fell short of it, its heading
 * under the sticky row of chips. So before a jump (a category chip tapped, the page opened at a
 * category's address) every row is laid out (`qm-laid`): the jump then lands where it should, and
 * so does every later one, back and forward too.
 */

function layOutAll(): void {
  for (const row of document.querySelectorAll('li[data-product]:not(.qm-laid)')) row.classList.add('qm-laid');
}

export function layOutRowsBeforeJumps(): void {
  // in the capture phase: before the link's default action, the scroll
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('a[href^="#"]')) layOutAll();
    },
    { capture: true },
  );
  // opened at a category's address: the browser went there with the rows above it estimated
  // (any other fragment, such as Telegram's launch data, names no element: nothing to do)
  const target = fragmentTarget();
  if (!target) return;
  layOutAll();
  // at once: a smooth scroll (the page's CSS) started now ends off its target as the page loads;
  // a browser without 'instant' (Safari before 15.4) refuses the value
  try {
    target.scrollIntoView({ behavior: 'instant' });
  } catch {
    target.scrollIntoView();
  }
}

/** The element the address's fragment names, if any (a malformed escape names none). */
function fragmentTarget(): HTMLElement | null {
  try {
    return location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  } catch {
    return null;
  }
}
