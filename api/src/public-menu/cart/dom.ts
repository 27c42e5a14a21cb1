/**
 * The script's whole DOM kit: an element maker and a modal dialog. No framework: the guests'
 * page must stay light on a slow phone (docs/DELIVERY.md, "The guests' cart script").
 */

type Child = Node | string | null | undefined | false;
/** Attributes; `on<event>` keys are listeners; `false`/`undefined` leave the attribute out. */
type Attrs = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (value !== undefined && value !== false)
      el.setAttribute(name, value === true ? '' : String(value));
  }
  el.append(...(children.filter((c) => c !== null && c !== undefined && c !== false) as (Node | string)[]));
  return el;
}

/**
 * Lets the browser do what waits (a tap, a paint, the page's own work) before the script goes on:
 * the code after `await nextTask()` runs in a task of its own. The script's start is cut in such
 * steps so that none holds the main thread long on a slow phone, where a long task delays the
 * guest's first tap (docs/DELIVERY.md, "The guests' cart script"). `scheduler.yield()` where the
 * browser has it (its continuation goes before other waiting tasks), else a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export interface Dialog {
  /** Where the caller puts the dialog's content (replaced on each render). */
  body: HTMLElement;
  title: HTMLElement;
  isOpen: () => boolean;
  /** Opens it; `from` gets the focus back (Safari does not focus a tapped button). */
  open: (from?: Element | null) => void;
  close: () => void;
}

let dialogs = 0;

/**
 * A modal `<dialog>` labelled by its heading: `showModal()` makes the rest of the page inert
 * (focus stays inside), Escape closes it (the browser's `cancel`), a tap on the backdrop too, and
 * focus goes back to what opened it. `onClose` runs after it closed, however it closed.
 */
export function modal(closeLabel: string, onClose?: () => void): Dialog {
  const id = `qm-d${++dialogs}`;
  const title = h('h2', { id });
  const body = h('div', { class: 'qm-body' });
  const el = h(
    'dialog',
    { class: 'qm-dlg', 'aria-labelledby': id },
    h(
      'div',
      { class: 'qm-head' },
      title,
      h(
        'button',
        { type: 'button', class: 'qm-x', 'aria-label': closeLabel, onclick: () => el.close() },
        '×',
      ),
    ),
    body,
  );
  let opener: Element | null = null;
  // a tap outside the sheet lands on the dialog element itself (its ::backdrop)
  el.addEventListener('click', (event) => {
    if (event.target === el) el.close();
  });
  el.addEventListener('close', () => {
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    opener = null;
    onClose?.();
  });
  document.body.append(el);
  return {
    body,
    title,
    isOpen: () => el.open,
    open(from) {
      if (el.open) return;
      opener = from ?? document.activeElement;
      el.showModal();
    },
    close: () => el.close(),
  };
}
